package dev.ewallet.ledger.contracts;

import static dev.ewallet.ledger.testkit.LedgerFixtures.transferEvent;
import static org.assertj.core.api.Assertions.assertThat;

import dev.ewallet.ledger.domain.account.AccountId;
import dev.ewallet.ledger.domain.journal.LedgerEvent;
import dev.ewallet.ledger.domain.outbox.OutboxMessage;
import dev.ewallet.ledger.domain.outbox.TraceContext;
import dev.ewallet.ledger.domain.port.out.LedgerEventOutbox;
import dev.ewallet.ledger.domain.port.out.OutboxStore;
import dev.ewallet.ledger.domain.port.out.UnitOfWork;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * What every {@link OutboxStore} must do. Other tests may share the table, so each test drains
 * whatever waits and looks only at its own events.
 */
public abstract class OutboxStoreContract {

  protected abstract LedgerEventOutbox outbox();

  protected abstract OutboxStore store();

  protected abstract UnitOfWork unitOfWork();

  private static LedgerEvent event(long from, long to) {
    return transferEvent(AccountId.of(from), AccountId.of(to), 5, 0);
  }

  private LedgerEvent append(long from, long to) {
    LedgerEvent event = event(from, to);
    unitOfWork()
        .inTransaction(() -> {
          outbox().appendAll(List.of(event));
          return null;
        });
    return event;
  }

  /** Takes and marks every waiting row, batch by batch, as a relay does. */
  private List<OutboxMessage> drain(Instant publishedAt) {
    List<OutboxMessage> relayed = new ArrayList<>();
    List<OutboxMessage> batch;
    do {
      batch =
          unitOfWork()
              .inTransaction(() -> {
                List<OutboxMessage> locked = store().lockNextBatch(2);
                store().markPublished(locked.stream().map(OutboxMessage::id).toList(), publishedAt);
                return locked;
              });
      relayed.addAll(batch);
    } while (!batch.isEmpty());
    return relayed;
  }

  private static List<OutboxMessage> only(List<OutboxMessage> messages, List<LedgerEvent> events) {
    List<UUID> ids = events.stream().map(LedgerEvent::eventId).toList();
    return messages.stream().filter(m -> ids.contains(m.eventId())).toList();
  }

  @Test
  void waitingEventsAreRelayedInAppendOrderAndOnlyOnceMarked() {
    drain(Instant.now());
    List<LedgerEvent> events = List.of(append(1, 2), append(3, 4), append(2, 1));

    List<OutboxMessage> relayed = only(drain(Instant.now()), events);

    assertThat(relayed)
        .extracting(OutboxMessage::eventId)
        .containsExactly(events.get(0).eventId(), events.get(1).eventId(), events.get(2).eventId());
    assertThat(relayed).extracting(OutboxMessage::id).isSorted();
    assertThat(relayed.get(1).keys()).containsExactly("3", "4");
    assertThat(relayed.get(2).keys()).containsExactly("2", "1");
    assertThat(only(drain(Instant.now()), events)).isEmpty();
  }

  @Test
  void eachEventKeepsTheTraceOfTheRequestThatPostedIt() {
    drain(Instant.now());
    TraceContext caller =
        TraceContext.fromTraceparent("00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01");
    LedgerEvent traced = event(1, 2);
    LedgerEvent untraced = event(2, 1);
    unitOfWork()
        .inTransaction(() -> {
          outbox()
              .appendAll(
                  List.of(
                      new LedgerEvent(
                          traced.eventId(),
                          traced.transactionId(),
                          traced.type(),
                          null,
                          null,
                          traced.occurredAt(),
                          traced.changes(),
                          caller,
                          null),
                      untraced));
          return null;
        });

    List<OutboxMessage> relayed = only(drain(Instant.now()), List.of(traced, untraced));

    assertThat(relayed).extracting(OutboxMessage::trace).containsExactly(caller, TraceContext.NONE);
  }

  @Test
  void theBacklogCountsWaitingEventsAndDatesTheOldest() {
    drain(Instant.now());
    assertThat(store().backlog().count()).isZero();
    LedgerEvent first = append(1, 2);
    append(1, 2);

    assertThat(store().backlog().count()).isEqualTo(2);
    assertThat(store().backlog().oldestCreatedAt()).isEqualTo(first.occurredAt());
    drain(Instant.now());
    assertThat(store().backlog().count()).isZero();
    assertThat(store().backlog().oldestAge(Instant.now())).isEqualTo(Duration.ZERO);
  }

  @Test
  void pruningDeletesPublishedRowsOlderThanTheCutoffOnly() {
    drain(Instant.now());
    append(5, 6);
    append(5, 6);
    drain(Instant.now().minus(Duration.ofDays(10)));
    LedgerEvent waiting = append(5, 6);

    assertThat(store().prunePublishedBefore(Instant.now().minus(Duration.ofDays(20)), 100))
        .isZero();
    assertThat(store().prunePublishedBefore(Instant.now().minus(Duration.ofDays(5)), 1))
        .isEqualTo(1);
    assertThat(store().prunePublishedBefore(Instant.now().minus(Duration.ofDays(5)), 100))
        .isGreaterThanOrEqualTo(1);
    assertThat(store().prunePublishedBefore(Instant.now().minus(Duration.ofDays(5)), 100)).isZero();
    assertThat(only(drain(Instant.now()), List.of(waiting))).hasSize(1);
  }

  @Test
  void manyEventsAppendedInOneGoAreRelayedInOrder() {
    drain(Instant.now());
    List<LedgerEvent> events = List.of(event(7, 8), event(8, 9), event(9, 7));
    unitOfWork()
        .inTransaction(() -> {
          outbox().appendAll(events);
          return null;
        });

    assertThat(only(drain(Instant.now()), events))
        .extracting(OutboxMessage::eventId)
        .containsExactly(events.get(0).eventId(), events.get(1).eventId(), events.get(2).eventId());
  }
}
