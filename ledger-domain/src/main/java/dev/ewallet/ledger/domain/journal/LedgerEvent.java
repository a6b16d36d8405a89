package dev.ewallet.ledger.domain.journal;

import java.time.Instant;
import java.util.List;
import java.util.Objects;
import java.util.UUID;

/**
 * What other systems learn of a posted transaction. It is written to the outbox in the posting's
 * own database transaction, so it exists exactly when the transaction does.
 *
 * @param eventId unique per event, for consumers to drop duplicates of at-least-once delivery
 * @param reversalOf the original, or {@code null} unless this is a reversal
 * @param refundOf the transfer refunded, or {@code null} unless this is a refund
 */
public record LedgerEvent(
    UUID eventId,
    TransactionId transactionId,
    TransactionType type,
    TransactionId reversalOf,
    TransactionId refundOf,
    Instant occurredAt,
    List<BalanceChange> changes) {

  public LedgerEvent {
    Objects.requireNonNull(eventId, "eventId");
    Objects.requireNonNull(transactionId, "transactionId");
    Objects.requireNonNull(type, "type");
    Objects.requireNonNull(occurredAt, "occurredAt");
    changes = List.copyOf(changes);
  }

  public static LedgerEvent posted(JournalTransaction transaction, List<BalanceChange> changes) {
    return new LedgerEvent(
        UUID.randomUUID(),
        transaction.id(),
        transaction.type(),
        transaction.reversalOf().orElse(null),
        transaction.refundOf().orElse(null),
        transaction.createdAt(),
        changes);
  }
}
