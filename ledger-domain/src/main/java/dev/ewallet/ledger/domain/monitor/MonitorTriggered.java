package dev.ewallet.ledger.domain.monitor;

import dev.ewallet.ledger.domain.journal.TransactionId;
import dev.ewallet.ledger.domain.money.Money;
import dev.ewallet.ledger.domain.outbox.TraceContext;
import java.time.Instant;
import java.util.Objects;
import java.util.UUID;

/**
 * A monitor fired: the posting {@code transactionId} moved the watched amount from {@code before}
 * to {@code after}, and the monitor's condition, false before, holds after. Written to the outbox
 * in that posting's own database transaction, so it exists exactly when the posting does.
 *
 * @param eventId unique per event, for receivers to drop duplicates of at-least-once delivery
 * @param trace the trace of the request that posted the transaction
 */
public record MonitorTriggered(
    UUID eventId,
    BalanceMonitor monitor,
    TransactionId transactionId,
    Money before,
    Money after,
    Instant occurredAt,
    TraceContext trace) {

  /** The event type, in the API's and the events' words. */
  public static final String TYPE = "balance.monitor.triggered";

  public MonitorTriggered {
    Objects.requireNonNull(eventId, "eventId");
    Objects.requireNonNull(monitor, "monitor");
    Objects.requireNonNull(transactionId, "transactionId");
    Objects.requireNonNull(before, "before");
    Objects.requireNonNull(after, "after");
    Objects.requireNonNull(occurredAt, "occurredAt");
    Objects.requireNonNull(trace, "trace");
  }
}
