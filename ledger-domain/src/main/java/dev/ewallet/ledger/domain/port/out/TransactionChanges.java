package dev.ewallet.ledger.domain.port.out;

import dev.ewallet.ledger.domain.journal.BalanceChange;
import dev.ewallet.ledger.domain.journal.TransactionId;
import dev.ewallet.ledger.domain.journal.TransactionType;
import java.util.List;
import java.util.Objects;

/**
 * One transaction's balance changes, in posting order, for a batched append of entries; its type
 * goes on each entry, so that history can be filtered by it.
 */
public record TransactionChanges(
    TransactionId transactionId, TransactionType type, List<BalanceChange> changes) {

  public TransactionChanges {
    Objects.requireNonNull(transactionId, "transactionId");
    Objects.requireNonNull(type, "type");
    changes = List.copyOf(changes);
  }
}
