package dev.ewallet.ledger;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import dev.ewallet.ledger.domain.webhook.WebhookSignature;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * A real HTTP receiver on a loopback port, as a team's service would run one: it verifies each
 * delivery's signature with the documented scheme, keeps the first copy of each event
 * (deduplicating by {@code Ledger-Event-Id}) in the order they arrived, and behaves as a test tells
 * it: answers 200, fails with 503, hangs past the ledger's timeout, redirects, or drops the
 * connection.
 */
final class WebhookReceiver implements AutoCloseable {

  enum Behaviour {
    ACCEPT,
    /**
     * Takes the delivery in, then answers only once released: a sender killed meanwhile never
     * hears.
     */
    HOLD,
    FAIL,
    HANG,
    REDIRECT,
    DROP
  }

  /** A delivery as received: its event and whether its signature verified. */
  record Received(String eventId, String type, JsonNode data, boolean signed, int signatures) {}

  private static final JsonMapper JSON = JsonMapper.builder().build();

  private final HttpServer server;
  private final Map<String, Received> firstCopies = new LinkedHashMap<>();
  private final List<String> arrivals = new ArrayList<>();
  private final AtomicInteger requests = new AtomicInteger();
  private final AtomicInteger redirectTargetHits = new AtomicInteger();
  private final AtomicInteger held = new AtomicInteger();
  private final CountDownLatch release = new CountDownLatch(1);
  private volatile Behaviour behaviour = Behaviour.ACCEPT;
  private volatile String secret;

  WebhookReceiver() {
    try {
      server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
    } catch (IOException e) {
      throw new IllegalStateException(e);
    }
    server.setExecutor(Executors.newVirtualThreadPerTaskExecutor());
    server.createContext("/hook", this::handle);
    server.createContext(
        "/elsewhere",
        exchange -> {
          redirectTargetHits.incrementAndGet();
          exchange.sendResponseHeaders(200, -1);
          exchange.close();
        });
    server.start();
  }

  String url() {
    return "http://127.0.0.1:" + server.getAddress().getPort() + "/hook";
  }

  void verifyWith(String secret) {
    this.secret = secret;
  }

  void behave(Behaviour behaviour) {
    this.behaviour = behaviour;
  }

  int requests() {
    return requests.get();
  }

  /** How many deliveries wait in {@link Behaviour#HOLD}, unanswered. */
  int held() {
    return held.get();
  }

  /** Answers the held deliveries, and every later one, at once. */
  void release() {
    behaviour = Behaviour.ACCEPT;
    release.countDown();
  }

  int redirectTargetHits() {
    return redirectTargetHits.get();
  }

  /** The first copy of each event, in the order the first copies arrived. */
  synchronized List<Received> events() {
    return List.copyOf(firstCopies.values());
  }

  /** Every request's event id, duplicates included, in arrival order. */
  synchronized List<String> arrivals() {
    return List.copyOf(arrivals);
  }

  private void handle(HttpExchange exchange) throws IOException {
    requests.incrementAndGet();
    String body;
    try (InputStream in = exchange.getRequestBody()) {
      body = new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }
    switch (behaviour) {
      case FAIL -> {
        exchange.sendResponseHeaders(503, -1);
        exchange.close();
        return;
      }
      case HANG -> {
        try {
          Thread.sleep(Duration.ofSeconds(5));
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
        }
        exchange.close();
        return;
      }
      case REDIRECT -> {
        exchange.getResponseHeaders().add("Location", "/elsewhere");
        exchange.sendResponseHeaders(302, -1);
        exchange.close();
        return;
      }
      case DROP -> throw new IOException("the receiver drops the connection unanswered");
      case ACCEPT, HOLD -> {}
    }
    String eventId = exchange.getRequestHeaders().getFirst("Ledger-Event-Id");
    String signature = exchange.getRequestHeaders().getFirst(WebhookSignature.HEADER);
    boolean signed =
        signature != null
            && secret != null
            && WebhookSignature.verify(
                signature, body, secret, Instant.now(), Duration.ofMinutes(5));
    JsonNode delivery = JSON.readTree(body);
    synchronized (this) {
      arrivals.add(eventId);
      firstCopies.putIfAbsent(
          eventId,
          new Received(
              delivery.get("id").asText(),
              delivery.get("type").asText(),
              delivery.get("data"),
              signed,
              signature == null ? 0 : signature.split(",v1=").length - 1));
    }
    if (behaviour == Behaviour.HOLD) {
      held.incrementAndGet();
      try {
        release.await();
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }
    exchange.sendResponseHeaders(200, -1);
    exchange.close();
  }

  @Override
  public void close() {
    server.stop(0);
  }
}
