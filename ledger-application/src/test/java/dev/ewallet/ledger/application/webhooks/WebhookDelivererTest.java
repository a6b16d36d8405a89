package dev.ewallet.ledger.application.webhooks;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ewallet.ledger.domain.account.AccountId;
import dev.ewallet.ledger.domain.port.out.HostResolver;
import dev.ewallet.ledger.domain.port.out.WebhookDeliveryStore;
import dev.ewallet.ledger.domain.port.out.WebhookEndpointStore;
import dev.ewallet.ledger.domain.port.out.WebhookTransport;
import dev.ewallet.ledger.domain.webhook.DeliveryAttempt;
import dev.ewallet.ledger.domain.webhook.DeliveryStatus;
import dev.ewallet.ledger.domain.webhook.RetryPolicy;
import dev.ewallet.ledger.domain.webhook.WebhookBacklog;
import dev.ewallet.ledger.domain.webhook.WebhookDelivery;
import dev.ewallet.ledger.domain.webhook.WebhookDeliveryView;
import dev.ewallet.ledger.domain.webhook.WebhookEndpoint;
import dev.ewallet.ledger.domain.webhook.WebhookEventType;
import dev.ewallet.ledger.domain.webhook.WebhookSignature;
import dev.ewallet.ledger.domain.webhook.WebhookUrlPolicy;
import dev.ewallet.ledger.testkit.InMemoryLedger;
import dev.ewallet.ledger.testkit.TestClock;
import java.net.InetAddress;
import java.net.URI;
import java.net.UnknownHostException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The deliverer's decisions, one endpoint's rounds on the test's thread over stores in memory and a
 * scripted transport: what it sends together and what waits, how it backs off, when it gives up,
 * and that it re-checks the URL's addresses before every send.
 */
class WebhookDelivererTest {

  private static final Instant START = Instant.parse("2026-12-07T10:00:00Z");
  private static final RetryPolicy RETRY =
      new RetryPolicy(Duration.ofSeconds(10), Duration.ofMinutes(10), Duration.ofDays(3));

  private final TestClock clock = new TestClock(START);
  private final Endpoints endpoints = new Endpoints();
  private final Deliveries deliveries = new Deliveries();
  private final List<String> sent = new CopyOnWriteArrayList<>();
  private final Map<String, InetAddress> dns = new LinkedHashMap<>();
  private volatile WebhookTransport.Response answer = new WebhookTransport.Response(200, null);

  private final WebhookTransport transport =
      (url, body, headers) -> {
        assertThat(
                WebhookSignature.verify(
                    headers.get(WebhookSignature.HEADER),
                    body,
                    "whsec_x",
                    clock.instant(),
                    Duration.ofMinutes(5)))
            .isTrue();
        sent.add(headers.get("Ledger-Event-Id"));
        return answer;
      };
  private final HostResolver resolver =
      host -> dns.containsKey(host) ? List.of(dns.get(host)) : List.of();
  private final WebhookDeliverer deliverer =
      new WebhookDeliverer(
          new WebhookPorts(
              InMemoryLedger.create().accounts(), endpoints, deliveries, transport, resolver),
          new WebhookUrlPolicy(false),
          new WebhookDeliverer.Settings(RETRY, 8, Duration.ofMinutes(1), 100),
          clock);

  WebhookDelivererTest() throws UnknownHostException {
    dns.put("hooks.example.com", InetAddress.getByName("93.184.215.14"));
  }

  @AfterEach
  void stop() {
    deliverer.close();
  }

  private WebhookDelivery pending(long id, String... keys) {
    WebhookDelivery delivery =
        new WebhookDelivery(
            id,
            1,
            id,
            UUID.nameUUIDFromBytes(new byte[] {(byte) id}),
            "transaction.posted",
            List.of(keys),
            "{\"n\":" + id + "}",
            DeliveryStatus.PENDING,
            0,
            clock.instant(),
            clock.instant(),
            null);
    deliveries.rows.put(id, delivery);
    return delivery;
  }

  private String event(long id) {
    return deliveries.rows.get(id).eventId().toString();
  }

  @Test
  void eachAccountsDeliveriesGoInOrderAndDifferentAccountsSideBySide() {
    pending(1, "A");
    pending(2, "A");
    pending(3, "B");

    deliverer.sendTo(1);

    assertThat(sent.subList(0, 2)).containsExactlyInAnyOrder(event(1), event(3));
    assertThat(sent.get(2)).isEqualTo(event(2));
    assertThat(deliveries.rows.values()).allMatch(d -> d.status() == DeliveryStatus.DELIVERED);
    assertThat(endpoints.healthy).isTrue();
  }

  @Test
  void aFailedAttemptWaitsItsBackOffAndHoldsItsAccountsLaterDeliveries() {
    pending(1, "A");
    pending(2, "A");
    answer = new WebhookTransport.Response(503, null);

    deliverer.sendTo(1);

    WebhookDelivery first = deliveries.rows.get(1L);
    assertThat(sent).containsExactly(event(1));
    assertThat(first.attempts()).isEqualTo(1);
    assertThat(first.nextAttemptAt()).isBetween(START.plusSeconds(5), START.plusSeconds(10));
    assertThat(deliveries.attempts.get(0).error()).isEqualTo("answered 503");
    assertThat(deliveries.retryAt).isEqualTo(first.nextAttemptAt());

    clock.advance(Duration.ofSeconds(10));
    answer = new WebhookTransport.Response(200, null);
    deliverer.sendTo(1);

    assertThat(sent).containsExactly(event(1), event(1), event(2));
  }

  @Test
  void aDeliveryStillFailingAfterTheRetryWindowFailsForGoodAndTheEndpointTurnsUnhealthy() {
    pending(1, "A");
    pending(2, "A");
    clock.advance(Duration.ofDays(3));
    answer = new WebhookTransport.Response(null, "connection failed: refused");

    deliverer.sendTo(1);

    assertThat(deliveries.rows.get(1L).status()).isEqualTo(DeliveryStatus.FAILED);
    assertThat(deliveries.rows.get(2L).status())
        .as("the account's next goes on")
        .isEqualTo(DeliveryStatus.FAILED);
    assertThat(endpoints.healthy).isFalse();
  }

  @Test
  void aRedirectIsAFailureAndIsNotFollowed() {
    pending(1, "A");
    answer = new WebhookTransport.Response(302, null);

    deliverer.sendTo(1);

    assertThat(deliveries.attempts.get(0).error())
        .contains("redirect (302)")
        .contains("not followed");
    assertThat(deliveries.rows.get(1L).status()).isEqualTo(DeliveryStatus.PENDING);
  }

  @Test
  void aHostThatNowResolvesIntoThePrivateNetworkIsNotCalled() throws UnknownHostException {
    pending(1, "A");
    dns.put("hooks.example.com", InetAddress.getByName("10.0.0.7"));

    deliverer.sendTo(1);

    assertThat(sent).isEmpty();
    assertThat(deliveries.attempts.get(0).error())
        .startsWith("not sent: host hooks.example.com resolves to 10.0.0.7");
    assertThat(deliveries.rows.get(1L).status()).isEqualTo(DeliveryStatus.PENDING);
  }

  @Test
  void aPausedEndpointSendsNothing() {
    pending(1, "A");
    endpoints.paused = true;

    deliverer.sendTo(1);

    assertThat(sent).isEmpty();
    assertThat(deliveries.rows.get(1L).attempts()).isZero();
  }

  /** One endpoint, id 1, at hooks.example.com, signing with whsec_x. */
  private final class Endpoints implements WebhookEndpointStore {
    volatile boolean paused;
    volatile boolean healthy = true;

    @Override
    public Optional<WebhookEndpoint> find(long id) {
      return Optional.of(
          new WebhookEndpoint(
              1,
              URI.create("https://hooks.example.com/ledger"),
              Set.of(WebhookEventType.TRANSACTION_POSTED),
              null,
              paused,
              healthy,
              null,
              1,
              START));
    }

    @Override
    public List<String> signingSecrets(long id, Instant at) {
      return List.of("whsec_x");
    }

    @Override
    public Optional<WebhookEndpoint> insert(
        URI url,
        Set<WebhookEventType> eventTypes,
        AccountId accountId,
        String secret,
        long createdBy,
        Instant createdAt,
        int max) {
      throw new UnsupportedOperationException();
    }

    @Override
    public List<WebhookEndpoint> all() {
      throw new UnsupportedOperationException();
    }

    @Override
    public Optional<WebhookEndpoint> update(
        long id, URI url, Set<WebhookEventType> eventTypes, Boolean paused) {
      throw new UnsupportedOperationException();
    }

    @Override
    public boolean delete(long id, Instant at) {
      throw new UnsupportedOperationException();
    }

    @Override
    public Optional<WebhookEndpoint> rotate(long id, String secret, Instant previousUntil) {
      throw new UnsupportedOperationException();
    }
  }

  /** The endpoint's deliveries by id, and what the deliverer recorded. */
  private final class Deliveries implements WebhookDeliveryStore {
    final Map<Long, WebhookDelivery> rows = new LinkedHashMap<>();
    final List<DeliveryAttempt> attempts = new ArrayList<>();
    volatile Instant retryAt;

    @Override
    public List<Long> dueEndpoints(Instant now) {
      return List.of(1L);
    }

    @Override
    public boolean lease(long endpointId, UUID owner, Duration length) {
      return true;
    }

    @Override
    public void release(long endpointId, UUID owner) {}

    @Override
    public synchronized List<WebhookDelivery> pending(long endpointId, int limit) {
      return rows.values().stream()
          .filter(d -> d.status() == DeliveryStatus.PENDING)
          .limit(limit)
          .toList();
    }

    @Override
    public synchronized void recordAttempt(
        WebhookDelivery delivery,
        DeliveryAttempt attempt,
        DeliveryStatus status,
        Instant nextAttemptAt) {
      attempts.add(attempt);
      rows.put(
          delivery.id(),
          new WebhookDelivery(
              delivery.id(),
              delivery.endpointId(),
              delivery.position(),
              delivery.eventId(),
              delivery.eventType(),
              delivery.orderingKeys(),
              delivery.body(),
              status,
              attempt.attempt(),
              delivery.createdAt(),
              status == DeliveryStatus.PENDING ? nextAttemptAt : delivery.nextAttemptAt(),
              status == DeliveryStatus.PENDING ? null : attempt.at()));
    }

    @Override
    public void recordRound(long endpointId, boolean delivered, Instant retryAt, boolean gaveUp) {
      this.retryAt = delivered ? null : retryAt;
      endpoints.healthy = gaveUp ? false : delivered || endpoints.healthy;
    }

    @Override
    public List<WebhookDeliveryView> deliveries(
        long endpointId, DeliveryStatus status, Long before, int limit) {
      throw new UnsupportedOperationException();
    }

    @Override
    public Optional<WebhookDelivery> redeliver(long endpointId, long deliveryId, Instant now) {
      throw new UnsupportedOperationException();
    }

    @Override
    public WebhookBacklog backlog() {
      throw new UnsupportedOperationException();
    }

    @Override
    public int pruneFinishedBefore(Instant cutoff, int limit) {
      throw new UnsupportedOperationException();
    }
  }
}
