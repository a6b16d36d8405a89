package dev.ewallet.ledger.application;

import dev.ewallet.ledger.domain.bankflow.Hold;
import dev.ewallet.ledger.domain.bankflow.Withdrawal;
import dev.ewallet.ledger.domain.journal.JournalTransaction;
import java.time.Instant;
import java.util.List;
import java.util.Objects;

/**
 * What a posting plan decided: the journal transaction, the bank-flow rows it places or moves on,
 * which the poster stores in the same unit of work through the hold and withdrawal ports, and the
 * fee the transaction charges its payer (one of its postings), kept with it.
 *
 * @param feeMinor 0 for none
 * @param undoesSpentAt for a reversal or refund, when the transaction it undoes was posted: its
 *     credits to wallets give back outgoing headroom spent then, within the same windows; else
 *     {@code null}
 */
record Planned(
    JournalTransaction transaction,
    List<RowChange> rowChanges,
    long feeMinor,
    Instant undoesSpentAt) {

  Planned {
    Objects.requireNonNull(transaction, "transaction");
    rowChanges = List.copyOf(rowChanges);
  }

  /** A transaction that changes nothing but balances. */
  static Planned of(JournalTransaction transaction) {
    return new Planned(transaction, List.of(), 0, null);
  }

  static Planned with(JournalTransaction transaction, RowChange change) {
    return new Planned(transaction, List.of(change), 0, null);
  }

  /** A transaction one of whose postings is the fee it charges its payer. */
  static Planned charging(JournalTransaction transaction, long feeMinor) {
    return new Planned(transaction, List.of(), feeMinor, null);
  }

  /** A reversal or refund of a transaction posted at {@code spentAt}. */
  static Planned undoing(JournalTransaction transaction, Instant spentAt) {
    return new Planned(transaction, List.of(), 0, spentAt);
  }

  /** A bank-flow row written with the transaction. */
  sealed interface RowChange {

    record HoldPlaced(Hold hold) implements RowChange {}

    record HoldSettled(Hold hold) implements RowChange {}

    record WithdrawalRequested(Withdrawal withdrawal) implements RowChange {}

    record WithdrawalSettled(Withdrawal withdrawal) implements RowChange {}
  }
}
