package dev.ewallet.ledger;

import com.sun.management.HotSpotDiagnosticMXBean;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.UUID;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** A real HTTP client against the running service, as web clients call it. */
final class ApiClient {

  /** One response: status, raw body (for byte-for-byte checks) and parsed JSON. */
  record Reply(int status, HttpResponse<String> raw) {

    private static final JsonMapper JSON = JsonMapper.builder().build();

    JsonNode json() {
      return JSON.readTree(raw.body());
    }

    String body() {
      return raw.body();
    }

    String header(String name) {
      return raw.headers().firstValue(name).orElse(null);
    }

    String code() {
      return json().path("code").asText();
    }
  }

  static {
    // Pooled connections are dropped by the client before the server's keep-alive ends them, so no
    // request is ever written onto a connection the server is closing.
    System.setProperty("jdk.httpclient.keepalive.timeout", "5");
  }

  /**
   * One client for every test. Each JDK client runs its own selector thread, which completes its
   * connects: with one client per request, a thousand concurrent requests meant a thousand such
   * threads on two cores, and a connect that waited five seconds for its thread timed out (the
   * MerchantIT and KafkaOutageIT failures in CI).
   */
  private static final HttpClient HTTP =
      HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(30)).build();

  private final String base;
  private final String traceparent;

  ApiClient(int port) {
    this("http://127.0.0.1:" + port, null);
  }

  private ApiClient(String base, String traceparent) {
    this.base = base;
    this.traceparent = traceparent;
  }

  /** This client, sending {@code traceparent} with every request, as a traced caller would. */
  ApiClient traced(String traceparent) {
    return new ApiClient(base, traceparent);
  }

  Reply get(String path, String token) {
    return send(request(path, token).GET());
  }

  Reply post(String path, String token, String idempotencyKey, String json) {
    HttpRequest.Builder request =
        request(path, token)
            .header("Content-Type", "application/json")
            .POST(
                json == null
                    ? HttpRequest.BodyPublishers.noBody()
                    : HttpRequest.BodyPublishers.ofString(json));
    if (idempotencyKey != null) {
      request.header("Idempotency-Key", idempotencyKey);
    }
    return send(request);
  }

  Reply patch(String path, String token, String json) {
    return withBody("PATCH", path, token, json);
  }

  Reply put(String path, String token, String json) {
    return withBody("PUT", path, token, json);
  }

  private Reply withBody(String method, String path, String token, String json) {
    return send(
        request(path, token)
            .header("Content-Type", "application/json")
            .method(method, HttpRequest.BodyPublishers.ofString(json)));
  }

  Reply delete(String path, String token) {
    return send(request(path, token).DELETE());
  }

  /**
   * A browser's CORS preflight from a page of {@code origin} for {@code method} on {@code path},
   * asking for {@code headers} (comma-separated, or null for none).
   */
  Reply preflight(String path, String origin, String method, String headers) {
    HttpRequest.Builder request =
        request(path, null)
            .header("Origin", origin)
            .header("Access-Control-Request-Method", method)
            .method("OPTIONS", HttpRequest.BodyPublishers.noBody());
    if (headers != null) {
      request.header("Access-Control-Request-Headers", headers);
    }
    return send(request);
  }

  Reply send(HttpRequest.Builder request) {
    try {
      HttpResponse<String> response =
          HTTP.send(request.build(), HttpResponse.BodyHandlers.ofString());
      return new Reply(response.statusCode(), response);
    } catch (HttpTimeoutException unanswered) {
      dumpThreads(unanswered);
      throw new IllegalStateException(unanswered);
    } catch (IOException e) {
      throw new IllegalStateException(e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }

  HttpRequest.Builder request(String path, String token) {
    HttpRequest.Builder request =
        HttpRequest.newBuilder(URI.create(base + path)).timeout(Duration.ofSeconds(90));
    if (token != null) {
      request.header("Authorization", "Bearer " + token);
    }
    if (traceparent != null) {
      request.header("traceparent", traceparent);
    }
    return request;
  }

  /**
   * The service runs in this JVM: when a request goes unanswered, where every thread stands (the
   * requests' virtual threads included) is what tells why. Every server-side wait is bounded by the
   * request timeout, which is below this client's.
   */
  private static void dumpThreads(HttpTimeoutException unanswered) {
    try {
      Path dump = Files.createTempFile("unanswered-request-", ".txt");
      Files.delete(dump);
      ManagementFactory.getPlatformMXBean(HotSpotDiagnosticMXBean.class)
          .dumpThreads(dump.toString(), HotSpotDiagnosticMXBean.ThreadDumpFormat.TEXT_PLAIN);
      System.err.println("[api-client] " + unanswered + "; threads:\n" + Files.readString(dump));
    } catch (IOException | RuntimeException e) {
      System.err.println("[api-client] " + unanswered + "; no thread dump: " + e);
    }
  }

  static String newKey() {
    return "it-" + UUID.randomUUID();
  }
}
