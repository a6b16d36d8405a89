package dev.ewallet.ledger.application;

import dev.ewallet.ledger.domain.bankflow.Hold;
import dev.ewallet.ledger.domain.bankflow.Withdrawal;
import dev.ewallet.ledger.domain.journal.JournalTransaction;
import java.util.List;
import java.util.Objects;

/**
 * What a posting plan decided: the journal transaction, the bank-flow rows it places or moves on,
 * which the poster stores in the same unit of work through the hold and withdrawal ports, and the
 * fee the transaction charges its payer (one of its postings), kept with it.
 *
 * @param feeMinor 0 for none
 */
record Planned(JournalTransaction transaction, List<RowChange> rowChanges, long feeMinor) {

  Planned {
    Objects.requireNonNull(transaction, "transaction");
    rowChanges = List.copyOf(rowChanges);
  }

  /** A transaction that changes nothing but balances. */
  static Planned of(JournalTransaction transaction) {
    return new Planned(transaction, List.of(), 0);
  }

  static Planned with(JournalTransaction transaction, RowChange change) {
    return new Planned(transaction, List.of(change), 0);
  }

  /** A transaction one of whose postings is the fee it charges its payer. */
  static Planned charging(JournalTransaction transaction, long feeMinor) {
    return new Planned(transaction, List.of(), feeMinor);
  }

  /** A bank-flow row written with the transaction. */
  sealed interface RowChange {

    record HoldPlaced(Hold hold) implements RowChange {}

    record HoldSettled(Hold hold) implements RowChange {}

    record WithdrawalRequested(Withdrawal withdrawal) implements RowChange {}

    record WithdrawalSettled(Withdrawal withdrawal) implements RowChange {}
  }
}
