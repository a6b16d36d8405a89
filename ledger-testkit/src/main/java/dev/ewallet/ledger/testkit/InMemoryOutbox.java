package dev.ewallet.ledger.testkit;

import dev.ewallet.ledger.domain.journal.LedgerEvent;
import dev.ewallet.ledger.domain.outbox.OutboxBacklog;
import dev.ewallet.ledger.domain.outbox.OutboxMessage;
import dev.ewallet.ledger.domain.port.out.LedgerEventOutbox;
import dev.ewallet.ledger.domain.port.out.OutboxStore;
import dev.ewallet.ledger.testkit.InMemoryStore.StoredEvent;
import java.time.Instant;
import java.util.List;

/**
 * The outbox in memory: {@link LedgerEventOutbox} for the poster, {@link OutboxStore} for the
 * relay.
 */
public final class InMemoryOutbox implements LedgerEventOutbox, OutboxStore {

  private final InMemoryStore store;

  public InMemoryOutbox(InMemoryStore store) {
    this.store = store;
  }

  /** The events appended so far, oldest first. */
  public List<LedgerEvent> events() {
    return store.locked(() -> store.state().events().stream().map(StoredEvent::event).toList());
  }

  @Override
  public void appendAll(List<LedgerEvent> events) {
    store.requireTransaction();
    List<StoredEvent> stored = store.state().events();
    events.forEach(event -> stored.add(new StoredEvent(stored.size() + 1L, event, null)));
  }

  @Override
  public List<OutboxMessage> lockNextBatch(int limit) {
    store.requireTransaction();
    return store.state().events().stream()
        .filter(e -> e.publishedAt() == null)
        .limit(limit)
        .map(e ->
            new OutboxMessage(
                e.id(),
                e.event().eventId(),
                "ledger." + e.event().type(),
                e.event().changes().stream()
                    .map(c -> String.valueOf(c.accountId().value()))
                    .toList(),
                e.event().toString(),
                e.event().trace()))
        .toList();
  }

  @Override
  public void markPublished(List<Long> ids, Instant at) {
    store.requireTransaction();
    store
        .state()
        .events()
        .replaceAll(e -> ids.contains(e.id()) ? new StoredEvent(e.id(), e.event(), at) : e);
  }

  @Override
  public OutboxBacklog backlog() {
    return store.locked(() -> {
      List<StoredEvent> waiting =
          store.state().events().stream().filter(e -> e.publishedAt() == null).toList();
      return waiting.isEmpty()
          ? OutboxBacklog.EMPTY
          : new OutboxBacklog(waiting.size(), waiting.getFirst().event().occurredAt());
    });
  }

  @Override
  public int prunePublishedBefore(Instant cutoff, int limit) {
    return store.inTransaction(() -> {
      List<StoredEvent> old =
          store.state().events().stream()
              .filter(e -> e.publishedAt() != null && e.publishedAt().isBefore(cutoff))
              .limit(limit)
              .toList();
      store.state().events().removeAll(old);
      return old.size();
    });
  }
}
