package dev.ewallet.ledger.domain.journal;

import dev.ewallet.ledger.domain.account.DetailsDigest;
import dev.ewallet.ledger.domain.outbox.TraceContext;
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
 * @param trace the trace of the request that posted the transaction, which the event continues
 * @param detailsDigest what the entries' links commit to of the transaction's details (the hash
 *     chain's version 2), so that a consumer can follow the chains without the details; {@code
 *     null} for none
 */
public record LedgerEvent(
    UUID eventId,
    TransactionId transactionId,
    TransactionType type,
    TransactionId reversalOf,
    TransactionId refundOf,
    Instant occurredAt,
    List<BalanceChange> changes,
    TraceContext trace,
    DetailsDigest detailsDigest) {

  public LedgerEvent {
    Objects.requireNonNull(eventId, "eventId");
    Objects.requireNonNull(transactionId, "transactionId");
    Objects.requireNonNull(type, "type");
    Objects.requireNonNull(occurredAt, "occurredAt");
    Objects.requireNonNull(trace, "trace");
    changes = List.copyOf(changes);
  }

  /** An event of no traced request. */
  public LedgerEvent(
      UUID eventId,
      TransactionId transactionId,
      TransactionType type,
      TransactionId reversalOf,
      TransactionId refundOf,
      Instant occurredAt,
      List<BalanceChange> changes) {
    this(
        eventId,
        transactionId,
        type,
        reversalOf,
        refundOf,
        occurredAt,
        changes,
        TraceContext.NONE,
        null);
  }

  /** The event of a transaction just posted at the request of {@code trace}. */
  public static LedgerEvent posted(
      JournalTransaction transaction,
      List<BalanceChange> changes,
      TraceContext trace,
      DetailsDigest detailsDigest) {
    return new LedgerEvent(
        UUID.randomUUID(),
        transaction.id(),
        transaction.type(),
        transaction.reversalOf().orElse(null),
        transaction.refundOf().orElse(null),
        transaction.createdAt(),
        changes,
        trace,
        detailsDigest);
  }
}
