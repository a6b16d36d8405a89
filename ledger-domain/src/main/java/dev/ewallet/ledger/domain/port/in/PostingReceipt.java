package dev.ewallet.ledger.domain.port.in;

import dev.ewallet.ledger.domain.journal.TransactionId;
import dev.ewallet.ledger.domain.journal.TransactionType;
import java.util.Objects;

/**
 * The outcome of a money-moving command: the transaction it posted, or the one an earlier request
 * with the same idempotency key posted.
 *
 * @param replayed whether this receipt repeats an earlier request's result; nothing was posted now
 */
public record PostingReceipt(TransactionId transactionId, TransactionType type, boolean replayed) {

  public PostingReceipt {
    Objects.requireNonNull(transactionId, "transactionId");
    Objects.requireNonNull(type, "type");
  }

  /** Every posting in this ledger completes in the transaction that records it. */
  public String status() {
    return "COMPLETED";
  }
}
