package dev.ewallet.ledger.testkit;

import dev.ewallet.ledger.domain.account.AccountStatusChanged;
import dev.ewallet.ledger.domain.journal.LedgerEvent;
import dev.ewallet.ledger.domain.monitor.MonitorTriggered;
import dev.ewallet.ledger.domain.outbox.OutboxBacklog;
import dev.ewallet.ledger.domain.outbox.OutboxMessage;
import dev.ewallet.ledger.domain.port.out.LedgerEventOutbox;
import dev.ewallet.ledger.domain.port.out.OutboxStore;
import dev.ewallet.ledger.testkit.InMemoryStore.StoredEvent;
import java.time.Instant;
import java.util.List;
import java.util.Objects;

/**
 * The outbox in memory: {@link LedgerEventOutbox} for the poster, {@link OutboxStore} for the
 * relay.
 */
public final class InMemoryOutbox implements LedgerEventOutbox, OutboxStore {

  private final InMemoryStore store;

  public InMemoryOutbox(InMemoryStore store) {
    this.store = store;
  }

  /** The ledger events appended so far, oldest first. */
  public List<LedgerEvent> events() {
    return store.locked(() ->
        store.state().events().stream().map(StoredEvent::event).filter(Objects::nonNull).toList());
  }

  /** The events of the monitors that fired so far, oldest first. */
  public List<MonitorTriggered> monitorEvents() {
    return store.locked(() ->
        store.state().events().stream().map(StoredEvent::fired).filter(Objects::nonNull).toList());
  }

  @Override
  public void appendAll(List<LedgerEvent> events) {
    store.requireTransaction();
    List<StoredEvent> stored = store.state().events();
    events.forEach(
        event -> stored.add(new StoredEvent(stored.size() + 1L, event, null, null, null)));
  }

  @Override
  public void appendMonitorEvents(List<MonitorTriggered> events) {
    store.requireTransaction();
    List<StoredEvent> stored = store.state().events();
    events.forEach(
        fired -> stored.add(new StoredEvent(stored.size() + 1L, null, fired, null, null)));
  }

  @Override
  public void appendStatusChanges(List<AccountStatusChanged> events) {
    store.requireTransaction();
    List<StoredEvent> stored = store.state().events();
    events.forEach(
        changed -> stored.add(new StoredEvent(stored.size() + 1L, null, null, changed, null)));
  }

  /** The events of freezes and their lifting so far, oldest first. */
  public List<AccountStatusChanged> statusChanges() {
    return store.locked(() ->
        store.state().events().stream()
            .map(StoredEvent::statusChanged)
            .filter(Objects::nonNull)
            .toList());
  }

  @Override
  public List<OutboxMessage> lockNextBatch(int limit) {
    store.requireTransaction();
    return store.state().events().stream()
        .filter(e -> e.publishedAt() == null)
        .limit(limit)
        .map(InMemoryOutbox::message)
        .toList();
  }

  /** A ledger event keyed by its accounts, a monitor's and a freeze's by their account. */
  private static OutboxMessage message(StoredEvent stored) {
    if (stored.statusChanged() != null) {
      AccountStatusChanged changed = stored.statusChanged();
      return new OutboxMessage(
          stored.id(),
          changed.eventId(),
          "ledger.accounts",
          List.of(changed.accountId().toString()),
          changed.toString());
    }
    if (stored.event() == null) {
      MonitorTriggered fired = stored.fired();
      return new OutboxMessage(
          stored.id(),
          fired.eventId(),
          "ledger.monitors",
          List.of(fired.monitor().accountId().toString()),
          fired.toString(),
          fired.trace());
    }
    LedgerEvent event = stored.event();
    return new OutboxMessage(
        stored.id(),
        event.eventId(),
        "ledger." + event.type(),
        event.changes().stream().map(c -> String.valueOf(c.accountId().value())).toList(),
        event.toString(),
        event.trace());
  }

  @Override
  public void markPublished(List<Long> ids, Instant at) {
    store.requireTransaction();
    store
        .state()
        .events()
        .replaceAll(e ->
            ids.contains(e.id())
                ? new StoredEvent(e.id(), e.event(), e.fired(), e.statusChanged(), at)
                : e);
  }

  @Override
  public OutboxBacklog backlog() {
    return store.locked(() -> {
      List<StoredEvent> waiting =
          store.state().events().stream().filter(e -> e.publishedAt() == null).toList();
      return waiting.isEmpty()
          ? OutboxBacklog.EMPTY
          : new OutboxBacklog(waiting.size(), occurredAt(waiting.getFirst()));
    });
  }

  private static Instant occurredAt(StoredEvent stored) {
    if (stored.statusChanged() != null) {
      return stored.statusChanged().occurredAt();
    }
    return stored.event() == null ? stored.fired().occurredAt() : stored.event().occurredAt();
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
