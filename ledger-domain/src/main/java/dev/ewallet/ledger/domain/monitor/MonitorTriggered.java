package dev.ewallet.ledger.domain.monitor;

import dev.ewallet.ledger.domain.journal.TransactionId;
import dev.ewallet.ledger.domain.money.Money;
import dev.ewallet.ledger.domain.outbox.TraceContext;
import java.time.Instant;
import java.util.Objects;
import java.util.UUID;

/**
 * A monitor fired: the posting {@code transactionId} (or, for a {@code pendingIn} monitor, the
 * announcement or failure of pending deposit {@code pendingDepositId}, which posts nothing) moved
 * the watched amount from {@code before} to {@code after}, and the monitor's condition, false
 * before, holds after. Written to the outbox in that change's own database transaction, so it
 * exists exactly when the change does.
 *
 * @param eventId unique per event, for receivers to drop duplicates of at-least-once delivery
 * @param transactionId the posting that moved the amount; {@code null} when no posting did
 * @param pendingDepositId the pending deposit announced or failed; {@code null} when a posting
 *     moved the amount
 * @param trace the trace of the request that made the change
 */
public record MonitorTriggered(
    UUID eventId,
    BalanceMonitor monitor,
    TransactionId transactionId,
    TransactionId pendingDepositId,
    Money before,
    Money after,
    Instant occurredAt,
    TraceContext trace) {

  /** The event type, in the API's and the events' words. */
  public static final String TYPE = "balance.monitor.triggered";

  public MonitorTriggered {
    Objects.requireNonNull(eventId, "eventId");
    Objects.requireNonNull(monitor, "monitor");
    if ((transactionId == null) == (pendingDepositId == null)) {
      throw new IllegalArgumentException(
          "a monitor fires on a posting or on a pending deposit's change, not "
              + transactionId
              + " and "
              + pendingDepositId);
    }
    Objects.requireNonNull(before, "before");
    Objects.requireNonNull(after, "after");
    Objects.requireNonNull(occurredAt, "occurredAt");
    Objects.requireNonNull(trace, "trace");
  }
}
