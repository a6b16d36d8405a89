package dev.ewallet.ledger.adapter.persistence.outbox;

import static dev.ewallet.ledger.testkit.LedgerFixtures.transferEvent;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ewallet.ledger.adapter.persistence.PersistenceIntegrationTest;
import dev.ewallet.ledger.domain.account.AccountId;
import dev.ewallet.ledger.domain.journal.LedgerEvent;
import dev.ewallet.ledger.domain.port.out.LedgerEventOutbox;
import dev.ewallet.ledger.domain.port.out.OutboxStore;
import dev.ewallet.ledger.domain.port.out.UnitOfWork;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.simple.JdbcClient;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** An outbox row exists exactly when its unit of work commits, and carries the event contract. */
class OutboxIT extends PersistenceIntegrationTest {

  @Autowired LedgerEventOutbox outbox;
  @Autowired OutboxStore store;
  @Autowired UnitOfWork unitOfWork;
  @Autowired JdbcClient jdbc;
  @Autowired JsonMapper json;

  private static LedgerEvent transfer() {
    return transferEvent(AccountId.of(11), AccountId.of(12), 1_000, 49_000);
  }

  private List<String> payloads(LedgerEvent event) {
    return jdbc.sql("SELECT payload::text FROM outbox_event WHERE event_id = ?")
        .param(event.eventId())
        .query(String.class)
        .list();
  }

  @Test
  void aCommittedEventIsStoredWithItsContract() {
    LedgerEvent event = transfer();

    unitOfWork.inTransaction(() -> {
      outbox.appendAll(List.of(event));
      return null;
    });

    JsonNode payload = json.readTree(payloads(event).getFirst());
    assertThat(payload.get("schemaVersion").asInt()).isEqualTo(1);
    assertThat(payload.get("eventId").asText()).isEqualTo(event.eventId().toString());
    assertThat(payload.get("transactionId").asText()).isEqualTo(event.transactionId().toString());
    assertThat(payload.get("type").asText()).isEqualTo("TRANSFER");
    assertThat(payload.get("currency").asText()).isEqualTo("VND");
    assertThat(payload.get("occurredAt").asText()).isEqualTo(event.occurredAt().toString());
    assertThat(payload.get("entries")).hasSize(2);
    assertThat(payload.get("entries").get(0).get("accountId").asLong()).isEqualTo(11);
    assertThat(payload.get("entries").get(0).get("amount").asLong()).isEqualTo(-1_000);
    assertThat(payload.get("entries").get(0).get("balanceAfter").asLong()).isEqualTo(49_000);
    assertThat(
            jdbc.sql("SELECT topic FROM outbox_event WHERE event_id = ?")
                .param(event.eventId())
                .query(String.class)
                .single())
        .isEqualTo("wallet.transfers");
  }

  @Test
  void onlyOneRelayAtATimeHoldsABatch() throws Exception {
    unitOfWork.inTransaction(() -> {
      outbox.appendAll(List.of(transfer()));
      return null;
    });
    CountDownLatch holding = new CountDownLatch(1);
    CountDownLatch release = new CountDownLatch(1);
    try (ExecutorService first = Executors.newSingleThreadExecutor()) {
      Future<Integer> firstBatch =
          first.submit(() ->
              unitOfWork.inTransaction(() -> {
                int size = store.lockNextBatch(100).size();
                holding.countDown();
                await(release);
                return size;
              }));
      holding.await();

      assertThat(unitOfWork.inTransaction(() -> store.lockNextBatch(100))).isEmpty();
      release.countDown();
      assertThat(firstBatch.get()).isPositive();
    }
    assertThat(unitOfWork.inTransaction(() -> store.lockNextBatch(100))).isNotEmpty();
  }

  private static void await(CountDownLatch latch) {
    try {
      latch.await();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }

  @Test
  void aRolledBackEventIsNeverStored() {
    LedgerEvent event = transfer();

    assertThatThrownBy(() ->
            unitOfWork.inTransaction(() -> {
              outbox.appendAll(List.of(event));
              throw new IllegalStateException("posting rejected");
            }))
        .hasMessage("posting rejected");

    assertThat(payloads(event)).isEmpty();
  }
}
