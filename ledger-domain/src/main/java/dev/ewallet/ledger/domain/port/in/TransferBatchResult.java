package dev.ewallet.ledger.domain.port.in;

import dev.ewallet.ledger.domain.journal.IdempotencyKey;
import java.util.Objects;

/**
 * What became of one transfer of a batch: its receipt, or why it was not posted. Exactly one of the
 * two is set.
 *
 * @param refusal a {@link dev.ewallet.ledger.domain.error.LedgerException} for a refusal by a rule,
 *     overload or an unknown outcome; any other exception is a failure of that transfer alone
 */
public record TransferBatchResult(
    IdempotencyKey key, PostingReceipt receipt, RuntimeException refusal) {

  public TransferBatchResult {
    Objects.requireNonNull(key, "key");
    if ((receipt == null) == (refusal == null)) {
      throw new IllegalArgumentException("a result has a receipt or a refusal, not both");
    }
  }
}
