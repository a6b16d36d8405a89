package dev.ewallet.ledger.domain.journal;

import java.time.Instant;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * A transaction as stored, with its entries and its links to the transaction it reverses or refunds
 * and the one that reversed it.
 *
 * @param original the transaction this one reverses or refunds, or {@code null} unless it is a
 *     reversal or a refund
 * @param reversedBy the reversal, or {@code null} while this transaction stands
 * @param reason the operator's reason for a reversal, or {@code null}
 * @param details the client's reference, description and metadata
 * @param feeMinor the fee the transaction charged its payer; 0 for none
 */
public record PostedTransaction(
    TransactionId id,
    TransactionType type,
    TransactionId original,
    TransactionId reversedBy,
    String reason,
    Instant createdAt,
    TransactionDetails details,
    List<LedgerEntry> entries,
    long feeMinor) {

  public PostedTransaction {
    Objects.requireNonNull(details, "details");
    entries = List.copyOf(entries);
  }

  /** The journal transaction these entries record, re-checked by the domain factory's rules. */
  public JournalTransaction journalTransaction() {
    return JournalTransaction.rehydrate(
        id, type, entries.stream().map(LedgerEntry::posting).toList(), original, createdAt);
  }

  /** The transaction this one reverses, or {@code null} unless it is a reversal. */
  public TransactionId reversalOf() {
    return type == TransactionType.REVERSAL ? original : null;
  }

  /** The transfer this one refunds part of, or {@code null} unless it is a refund. */
  public TransactionId refundOf() {
    return type == TransactionType.REFUND ? original : null;
  }

  public Optional<TransactionId> reversedByOptional() {
    return Optional.ofNullable(reversedBy);
  }
}
