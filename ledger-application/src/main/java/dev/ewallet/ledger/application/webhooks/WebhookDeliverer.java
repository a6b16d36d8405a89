package dev.ewallet.ledger.application.webhooks;

import dev.ewallet.ledger.domain.error.WebhookUrlRefusedException;
import dev.ewallet.ledger.domain.port.in.DeliverWebhooksCommand;
import dev.ewallet.ledger.domain.port.in.DeliverWebhooksUseCase;
import dev.ewallet.ledger.domain.port.out.WebhookTransport;
import dev.ewallet.ledger.domain.webhook.DeliveryAttempt;
import dev.ewallet.ledger.domain.webhook.DeliveryStatus;
import dev.ewallet.ledger.domain.webhook.DeliveryWindow;
import dev.ewallet.ledger.domain.webhook.RetryPolicy;
import dev.ewallet.ledger.domain.webhook.WebhookDelivery;
import dev.ewallet.ledger.domain.webhook.WebhookEndpoint;
import dev.ewallet.ledger.domain.webhook.WebhookSignature;
import dev.ewallet.ledger.domain.webhook.WebhookUrlPolicy;
import java.lang.System.Logger.Level;
import java.net.URI;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.random.RandomGenerator;

/**
 * Sends the deliveries the outbox wrote. Each endpoint with deliveries due gets its own task (a
 * virtual thread), leased to this instance in the database so that no two instances send to one
 * endpoint; a task sends, side by side, up to {@link Settings#concurrency} deliveries whose
 * ordering keys no earlier pending delivery shares ({@link DeliveryWindow}), records each attempt,
 * and goes on while rounds succeed. A slow or dead endpoint only ever holds its own task: posting
 * never calls a receiver, and other endpoints' tasks do not wait for it.
 *
 * <p>A delivery is marked delivered only after a 2xx; a kill between the send and the mark sends it
 * again (at least once: receivers deduplicate by {@code Ledger-Event-Id}). A failed attempt is
 * retried after {@link RetryPolicy#delayAfter}; one that still fails after the policy's window is
 * marked failed and the endpoint unhealthy, and its accounts' later deliveries go on.
 */
public final class WebhookDeliverer implements DeliverWebhooksUseCase, AutoCloseable {

  private static final System.Logger LOG = System.getLogger(WebhookDeliverer.class.getName());

  /**
   * How the deliverer works.
   *
   * @param concurrency the most deliveries in flight to one endpoint
   * @param lease how long an endpoint stays this instance's after a round begins: longer than a
   *     round can take (the transport's timeout)
   * @param window how many of an endpoint's oldest pending deliveries each round looks at
   */
  public record Settings(RetryPolicy retry, int concurrency, Duration lease, int window) {

    public static final Settings DEFAULT =
        new Settings(RetryPolicy.DEFAULT, 8, Duration.ofSeconds(60), 200);

    public Settings {
      if (concurrency < 1 || window < concurrency) {
        throw new IllegalArgumentException("need 1 <= concurrency <= window");
      }
    }
  }

  private final WebhookPorts ports;
  private final WebhookUrlPolicy urls;
  private final Settings settings;
  private final Clock clock;
  private final RandomGenerator random = RandomGenerator.getDefault();
  private final UUID owner = UUID.randomUUID();
  private final Set<Long> running = ConcurrentHashMap.newKeySet();
  private final ExecutorService tasks = Executors.newVirtualThreadPerTaskExecutor();

  public WebhookDeliverer(
      WebhookPorts ports, WebhookUrlPolicy urls, Settings settings, Clock clock) {
    this.ports = ports;
    this.urls = urls;
    this.settings = settings;
    this.clock = clock;
  }

  @Override
  public int deliver(DeliverWebhooksCommand command) {
    int started = 0;
    for (long endpointId : ports.deliveries().dueEndpoints(clock.instant())) {
      if (running.add(endpointId)) {
        started++;
        tasks.execute(() -> {
          try {
            sendTo(endpointId);
          } catch (RuntimeException failure) {
            // The database or the pool failed us: the next round takes the endpoint up again.
            LOG.log(Level.WARNING, "webhook endpoint " + endpointId + " round failed", failure);
          } finally {
            running.remove(endpointId);
          }
        });
      }
    }
    return started;
  }

  /**
   * One endpoint's rounds, on the caller's thread, while they make progress, each renewing the
   * lease; nothing when another instance holds it.
   */
  void sendTo(long endpointId) {
    try {
      while (ports.deliveries().lease(endpointId, owner, settings.lease()) && round(endpointId)) {
        // The next round: what the last one's successes unblocked.
      }
    } finally {
      ports.deliveries().release(endpointId, owner);
    }
  }

  /** One round; whether it delivered anything (and so another round may have more to send). */
  private boolean round(long endpointId) {
    Optional<WebhookEndpoint> found = ports.endpoints().find(endpointId);
    if (found.isEmpty() || found.get().paused()) {
      return false;
    }
    URI url = found.get().url();
    Instant now = now();
    List<WebhookDelivery> sendable =
        DeliveryWindow.sendable(
            ports.deliveries().pending(endpointId, settings.window()), now, settings.concurrency());
    if (sendable.isEmpty()) {
      return false;
    }
    String refused = refusal(url);
    List<String> secrets = ports.endpoints().signingSecrets(endpointId, now);
    List<Future<DeliveryAttempt>> inFlight = new ArrayList<>();
    for (WebhookDelivery delivery : sendable) {
      inFlight.add(tasks.submit(() -> attempt(url, delivery, secrets, refused)));
    }
    boolean delivered = false;
    boolean gaveUp = false;
    Instant retryAt = null;
    for (int i = 0; i < sendable.size(); i++) {
      WebhookDelivery delivery = sendable.get(i);
      DeliveryAttempt attempt = outcome(inFlight.get(i), delivery);
      if (attempt.succeeded()) {
        delivered = true;
        ports.deliveries().recordAttempt(delivery, attempt, DeliveryStatus.DELIVERED, attempt.at());
      } else if (settings.retry().givesUp(delivery.createdAt(), attempt.at())) {
        gaveUp = true;
        ports.deliveries().recordAttempt(delivery, attempt, DeliveryStatus.FAILED, attempt.at());
      } else {
        Instant next = attempt.at().plus(settings.retry().delayAfter(attempt.attempt(), random));
        retryAt = retryAt == null || next.isBefore(retryAt) ? next : retryAt;
        ports.deliveries().recordAttempt(delivery, attempt, DeliveryStatus.PENDING, next);
      }
    }
    ports.deliveries().recordRound(endpointId, delivered, retryAt, gaveUp);
    return delivered || gaveUp;
  }

  /** Why the URL may not be called now, or {@code null}: its host is resolved for every round. */
  private String refusal(URI url) {
    try {
      urls.checkAddresses(url, ports.resolver().resolve(url.getHost()));
      return null;
    } catch (WebhookUrlRefusedException refused) {
      return "not sent: " + refused.getMessage();
    }
  }

  private DeliveryAttempt attempt(
      URI url, WebhookDelivery delivery, List<String> secrets, String refused) {
    Instant at = now();
    int number = delivery.attempts() + 1;
    if (refused != null) {
      return new DeliveryAttempt(number, at, null, 0, refused);
    }
    Map<String, String> headers =
        Map.of(
            "Content-Type",
            "application/json",
            WebhookSignature.HEADER,
            WebhookSignature.header(at, delivery.body(), secrets),
            "Ledger-Event-Id",
            delivery.eventId().toString(),
            "Ledger-Delivery-Id",
            Long.toString(delivery.id()));
    long started = System.nanoTime();
    WebhookTransport.Response response = ports.transport().post(url, delivery.body(), headers);
    long millis = Duration.ofNanos(System.nanoTime() - started).toMillis();
    String error = response.error();
    if (error == null && response.statusCode() != null && response.statusCode() / 100 != 2) {
      error =
          response.statusCode() / 100 == 3
              ? "answered a redirect (" + response.statusCode() + "), which is not followed"
              : "answered " + response.statusCode();
    }
    return new DeliveryAttempt(number, at, response.statusCode(), millis, error);
  }

  private DeliveryAttempt outcome(Future<DeliveryAttempt> sent, WebhookDelivery delivery) {
    try {
      return sent.get();
    } catch (ExecutionException failed) {
      return new DeliveryAttempt(
          delivery.attempts() + 1, now(), null, 0, "not sent: " + failed.getCause());
    } catch (InterruptedException interrupted) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("the deliverer is stopping", interrupted);
    }
  }

  private Instant now() {
    return clock.instant().truncatedTo(ChronoUnit.MICROS);
  }

  /** Stops the tasks; a send under way is abandoned, and so sent again by the next owner. */
  @Override
  public void close() {
    tasks.shutdownNow();
  }
}
