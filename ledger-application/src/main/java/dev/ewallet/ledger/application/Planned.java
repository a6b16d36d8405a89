package dev.ewallet.ledger.application;

import dev.ewallet.ledger.domain.bankflow.Hold;
import dev.ewallet.ledger.domain.bankflow.Withdrawal;
import dev.ewallet.ledger.domain.journal.JournalTransaction;
import java.util.List;
import java.util.Objects;

/**
 * What a posting plan decided: the journal transaction, and the bank-flow rows it places or moves
 * on, which the poster stores in the same unit of work through the hold and withdrawal ports.
 */
record Planned(JournalTransaction transaction, List<RowChange> rowChanges) {

  Planned {
    Objects.requireNonNull(transaction, "transaction");
    rowChanges = List.copyOf(rowChanges);
  }

  /** A transaction that changes nothing but balances. */
  static Planned of(JournalTransaction transaction) {
    return new Planned(transaction, List.of());
  }

  static Planned with(JournalTransaction transaction, RowChange change) {
    return new Planned(transaction, List.of(change));
  }

  /** A bank-flow row written with the transaction. */
  sealed interface RowChange {

    record HoldPlaced(Hold hold) implements RowChange {}

    record HoldSettled(Hold hold) implements RowChange {}

    record WithdrawalRequested(Withdrawal withdrawal) implements RowChange {}

    record WithdrawalSettled(Withdrawal withdrawal) implements RowChange {}
  }
}
