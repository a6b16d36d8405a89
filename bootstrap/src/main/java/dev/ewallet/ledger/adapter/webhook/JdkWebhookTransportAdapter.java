package dev.ewallet.ledger.adapter.webhook;

import dev.ewallet.ledger.domain.port.out.WebhookTransport;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.stereotype.Component;

/**
 * Webhook deliveries over the JDK's HTTP client: redirects are never followed (a 3xx is an answer,
 * and a failed one), the whole exchange is bounded by {@code timeout}, and the receiver's body is
 * read and dropped. One client, shared by every delivery, on the JDK's own connection pool.
 */
@Component
final class JdkWebhookTransportAdapter implements WebhookTransport {

  private static final String USER_AGENT = "ewallet-ledger-webhooks/1";

  private final HttpClient client;
  private final Duration timeout;

  JdkWebhookTransportAdapter(@Value("${ledger.webhooks.timeout:PT10S}") Duration timeout) {
    this.timeout = timeout;
    this.client =
        HttpClient.newBuilder()
            .followRedirects(HttpClient.Redirect.NEVER)
            .connectTimeout(timeout)
            .build();
  }

  @Override
  public Response post(URI url, String body, Map<String, String> headers) {
    HttpRequest.Builder request =
        HttpRequest.newBuilder(url)
            .timeout(timeout)
            .header("User-Agent", USER_AGENT)
            .POST(HttpRequest.BodyPublishers.ofString(body, StandardCharsets.UTF_8));
    headers.forEach(request::header);
    try {
      HttpResponse<Void> response =
          client.send(request.build(), HttpResponse.BodyHandlers.discarding());
      return new Response(response.statusCode(), null);
    } catch (HttpTimeoutException timedOut) {
      return new Response(null, "no answer within " + timeout.toMillis() + " ms");
    } catch (IOException failed) {
      return new Response(null, "connection failed: " + describe(failed));
    } catch (InterruptedException interrupted) {
      Thread.currentThread().interrupt();
      return new Response(null, "interrupted: the service is stopping");
    } catch (IllegalArgumentException refused) {
      return new Response(null, "not sent: " + refused.getMessage());
    }
  }

  private static String describe(IOException failure) {
    String message = failure.getMessage();
    return message == null ? failure.getClass().getSimpleName() : message;
  }
}
