package dev.ewallet.ledger.domain.port.out;

import dev.ewallet.ledger.domain.journal.BalanceChange;
import dev.ewallet.ledger.domain.journal.TransactionId;
import java.util.List;
import java.util.Objects;

/** One transaction's balance changes, in posting order, for a batched append of entries. */
public record TransactionChanges(TransactionId transactionId, List<BalanceChange> changes) {

  public TransactionChanges {
    Objects.requireNonNull(transactionId, "transactionId");
    changes = List.copyOf(changes);
  }
}
