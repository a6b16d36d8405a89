package dev.ewallet.ledger.adapter.persistence.webhook;

import static dev.ewallet.ledger.testkit.LedgerFixtures.transferEvent;
import static org.assertj.core.api.Assertions.assertThat;

import dev.ewallet.ledger.adapter.persistence.PersistenceIntegrationTest;
import dev.ewallet.ledger.adapter.persistence.testing.PostgresTestDatabase;
import dev.ewallet.ledger.domain.account.AccountId;
import dev.ewallet.ledger.domain.journal.LedgerEvent;
import dev.ewallet.ledger.domain.port.out.AccountRepository;
import dev.ewallet.ledger.domain.port.out.LedgerEventOutbox;
import dev.ewallet.ledger.domain.port.out.OutboxStore;
import dev.ewallet.ledger.domain.port.out.UnitOfWork;
import dev.ewallet.ledger.domain.port.out.WebhookDeliveryStore;
import dev.ewallet.ledger.domain.port.out.WebhookEndpointStore;
import dev.ewallet.ledger.domain.webhook.DeliveryAttempt;
import dev.ewallet.ledger.domain.webhook.DeliveryStatus;
import dev.ewallet.ledger.domain.webhook.WebhookDelivery;
import dev.ewallet.ledger.domain.webhook.WebhookDeliveryView;
import dev.ewallet.ledger.domain.webhook.WebhookEndpoint;
import dev.ewallet.ledger.domain.webhook.WebhookEventType;
import java.net.URI;
import java.time.Instant;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.simple.JdbcClient;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * A delivery names its event in the outbox instead of copying it: the body is built from the outbox
 * row when read, the outbox keeps the row while a delivery names it, and deleting an endpoint
 * finishes what it would never send.
 */
class WebhookDeliveryStoreIT extends PersistenceIntegrationTest {

  private static final Instant FAR_FUTURE = Instant.parse("2999-01-01T00:00:00Z");

  @Autowired LedgerEventOutbox outbox;
  @Autowired OutboxStore outboxStore;
  @Autowired WebhookEndpointStore endpoints;
  @Autowired WebhookDeliveryStore deliveries;
  @Autowired AccountRepository accounts;
  @Autowired UnitOfWork unitOfWork;
  @Autowired JdbcClient jdbc;
  @Autowired JsonMapper json;

  private WebhookEndpoint endpoint;
  private AccountId payer;
  private AccountId payee;

  @BeforeEach
  void endpointForTheWalletsOfThisTest() {
    payer = newWallet(accounts);
    payee = newWallet(accounts);
    endpoint =
        endpoints
            .insert(
                URI.create("http://127.0.0.1:9/hooks"),
                Set.of(WebhookEventType.TRANSACTION_POSTED),
                payee,
                "whsec_test",
                1L,
                Instant.now(),
                1_000)
            .orElseThrow();
  }

  @AfterEach
  void deleteTheEndpoint() {
    endpoints.delete(endpoint.id(), Instant.now());
  }

  private LedgerEvent transfer(long amount) {
    LedgerEvent event = transferEvent(payer, payee, amount, 50_000 - amount);
    unitOfWork.inTransaction(() -> {
      outbox.appendAll(List.of(event));
      return null;
    });
    return event;
  }

  private long outboxId(LedgerEvent event) {
    return jdbc.sql("SELECT id FROM outbox_event WHERE event_id = ?")
        .param(event.eventId())
        .query(Long.class)
        .single();
  }

  private void published(LedgerEvent... events) {
    for (LedgerEvent event : events) {
      jdbc.sql("UPDATE outbox_event SET published = true, published_at = now() WHERE event_id = ?")
          .param(event.eventId())
          .update();
    }
  }

  private boolean inOutbox(LedgerEvent event) {
    return jdbc.sql("SELECT count(*) FROM outbox_event WHERE event_id = ?")
            .param(event.eventId())
            .query(Long.class)
            .single()
        == 1;
  }

  @Test
  void theRowCarriesNoCopyAndTheBodyIsTheEventAsTheOutboxHoldsIt() {
    LedgerEvent event = transfer(1_000);

    assertThat(
            jdbc.sql(
                    "SELECT coalesce(body, '') || coalesce(ordering_keys::text, '')"
                        + " FROM webhook_delivery WHERE endpoint_id = ?")
                .param(endpoint.id())
                .query(String.class)
                .list())
        .as("no copy of the body nor of the ordering keys")
        .containsExactly("");
    WebhookDelivery delivery = deliveries.pending(endpoint.id(), 10).getFirst();
    assertThat(delivery.eventId()).isEqualTo(event.eventId());
    assertThat(delivery.position()).isEqualTo(outboxId(event));
    assertThat(delivery.orderingKeys())
        .containsExactly(Long.toString(payer.value()), Long.toString(payee.value()));
    JsonNode body = json.readTree(delivery.body());
    assertThat(body.get("id").asText()).isEqualTo(event.eventId().toString());
    assertThat(body.get("type").asText()).isEqualTo("transaction.posted");
    assertThat(body.get("data").get("transactionId").asText())
        .isEqualTo(event.transactionId().toString());
    assertThat(body.get("data").get("entries").get(1).get("amount").asLong()).isEqualTo(1_000);
    String payload =
        jdbc.sql("SELECT payload::text FROM outbox_event WHERE event_id = ?")
            .param(event.eventId())
            .query(String.class)
            .single();
    assertThat(body.get("data")).isEqualTo(json.readTree(payload));
    assertThat(deliveries.pending(endpoint.id(), 10).getFirst().body())
        .as("the same bytes every time it is read")
        .isEqualTo(delivery.body());
  }

  @Test
  void theOutboxKeepsAnEventWhileADeliveryNamesItAndDeletingTheEndpointFinishesWhatWaited() {
    LedgerEvent delivered = transfer(1_000);
    LedgerEvent waiting = transfer(2_000);
    published(delivered, waiting);
    WebhookDelivery first = deliveries.pending(endpoint.id(), 10).getFirst();
    Instant now = Instant.now();
    deliveries.recordAttempt(
        first, new DeliveryAttempt(1, now, 200, 5, null), DeliveryStatus.DELIVERED, now);

    assertThat(outboxStore.prunePublishedBefore(FAR_FUTURE, 1_000_000)).isNotNegative();
    assertThat(inOutbox(delivered)).as("a delivered delivery is still kept").isTrue();
    assertThat(inOutbox(waiting)).as("a pending delivery names it").isTrue();

    deliveries.pruneFinishedBefore(FAR_FUTURE, 1_000_000);
    outboxStore.prunePublishedBefore(FAR_FUTURE, 1_000_000);
    assertThat(inOutbox(delivered)).as("its delivery was pruned").isFalse();
    assertThat(inOutbox(waiting)).isTrue();

    assertThat(endpoints.delete(endpoint.id(), now)).isTrue();
    assertThat(endpoints.delete(endpoint.id(), now)).as("deleted once").isFalse();
    assertThat(
            jdbc.sql("SELECT status FROM webhook_delivery WHERE endpoint_id = ?")
                .param(endpoint.id())
                .query(String.class)
                .list())
        .containsExactly("FAILED");
    deliveries.pruneFinishedBefore(FAR_FUTURE, 1_000_000);
    outboxStore.prunePublishedBefore(FAR_FUTURE, 1_000_000);
    assertThat(inOutbox(waiting)).isFalse();
  }

  @Test
  void aLateAttemptDoesNotReopenADeliveryThatFinished() {
    transfer(1_000);
    WebhookDelivery delivery = deliveries.pending(endpoint.id(), 10).getFirst();
    Instant now = Instant.now();
    deliveries.recordAttempt(
        delivery, new DeliveryAttempt(1, now, 200, 5, null), DeliveryStatus.DELIVERED, now);

    deliveries.recordAttempt(
        delivery,
        new DeliveryAttempt(1, now, null, 10_000, "timed out"),
        DeliveryStatus.PENDING,
        now.plusSeconds(10));

    assertThat(deliveries.pending(endpoint.id(), 10)).isEmpty();
    assertThat(deliveries.deliveries(endpoint.id(), null, null, 10))
        .extracting(view -> view.delivery().status())
        .containsExactly(DeliveryStatus.DELIVERED);
  }

  @Test
  void deliveriesAreListedNewestEventFirstAPageEndingAtAPosition() {
    LedgerEvent older = transfer(1_000);
    LedgerEvent newer = transfer(2_000);

    List<WebhookDeliveryView> firstPage = deliveries.deliveries(endpoint.id(), null, null, 1);
    assertThat(firstPage)
        .extracting(view -> view.delivery().eventId())
        .containsExactly(newer.eventId());
    List<WebhookDeliveryView> secondPage =
        deliveries.deliveries(endpoint.id(), null, firstPage.getFirst().delivery().position(), 1);
    assertThat(secondPage)
        .extracting(view -> view.delivery().eventId())
        .containsExactly(older.eventId());
    assertThat(
            deliveries.deliveries(
                endpoint.id(), null, secondPage.getFirst().delivery().position(), 1))
        .isEmpty();
  }

  @Test
  void aDeliveryWrittenWithItsOwnCopyOfTheBodyIsSentWithIt() {
    LedgerEvent event = transfer(1_000);
    JdbcClient.create(PostgresTestDatabase.owner())
        .sql("UPDATE webhook_delivery SET body = ? WHERE endpoint_id = ?")
        .params("{\"written\":\"before 031\"}", endpoint.id())
        .update();

    WebhookDelivery delivery =
        deliveries
            .redeliver(
                endpoint.id(), deliveries.pending(endpoint.id(), 1).getFirst().id(), Instant.now())
            .orElseThrow();

    assertThat(delivery.eventId()).isEqualTo(event.eventId());
    assertThat(delivery.body()).isEqualTo("{\"written\":\"before 031\"}");
    assertThat(deliveries.pending(endpoint.id(), 1).getFirst().body()).isEqualTo(delivery.body());
  }
}
