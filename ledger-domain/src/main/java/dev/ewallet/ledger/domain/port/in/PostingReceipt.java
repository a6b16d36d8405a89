package dev.ewallet.ledger.domain.port.in;

import dev.ewallet.ledger.domain.journal.TransactionId;
import dev.ewallet.ledger.domain.journal.TransactionType;
import java.util.Objects;

/**
 * The outcome of a money-moving command: the transaction it posted, or the one an earlier request
 * with the same idempotency key posted.
 *
 * @param replayed whether this receipt repeats an earlier request's result; nothing was posted now
 * @param feeMinor the fee the transaction charged the payer, in its currency; 0 for none
 */
public record PostingReceipt(
    TransactionId transactionId, TransactionType type, boolean replayed, long feeMinor) {

  /** A receipt of a transaction that charged no fee. */
  public PostingReceipt(TransactionId transactionId, TransactionType type, boolean replayed) {
    this(transactionId, type, replayed, 0);
  }

  public PostingReceipt {
    Objects.requireNonNull(transactionId, "transactionId");
    Objects.requireNonNull(type, "type");
    if (feeMinor < 0) {
      throw new IllegalArgumentException("a fee is never negative");
    }
  }

  /** Every posting in this ledger completes in the transaction that records it. */
  public String status() {
    return "COMPLETED";
  }
}
