package dev.ewallet.ledger.domain.movement;

import dev.ewallet.ledger.domain.account.AccountId;
import dev.ewallet.ledger.domain.bankflow.Hold;
import dev.ewallet.ledger.domain.bankflow.PendingDeposit;
import dev.ewallet.ledger.domain.bankflow.Withdrawal;
import dev.ewallet.ledger.domain.journal.SuspenseItem;
import dev.ewallet.ledger.domain.journal.TransactionId;
import dev.ewallet.ledger.domain.monitor.AmountChange;
import dev.ewallet.ledger.domain.monitor.MonitorField;
import java.util.List;
import java.util.Optional;

/**
 * A row beside the journal a movement places or moves on (a bank-flow row, or money kept in
 * suspense for a closed wallet), written by the posting path in the same unit of work as its
 * transaction.
 */
public sealed interface RowChange {

  /**
   * How the change moves its account's {@code heldAmount} or {@code pendingIn}: a bank-flow row
   * counts there while pending, for its whole amount, and leaves it whole however it ends; money in
   * suspense moves neither.
   */
  default Optional<AmountChange> amountChange() {
    return Optional.empty();
  }

  record HoldPlaced(Hold hold) implements RowChange {
    @Override
    public Optional<AmountChange> amountChange() {
      return Optional.of(
          new AmountChange(hold.accountId(), MonitorField.HELD_AMOUNT, hold.amount()));
    }
  }

  record HoldSettled(Hold hold) implements RowChange {
    @Override
    public Optional<AmountChange> amountChange() {
      return Optional.of(
          new AmountChange(hold.accountId(), MonitorField.HELD_AMOUNT, hold.amount().negate()));
    }
  }

  record WithdrawalRequested(Withdrawal withdrawal) implements RowChange {
    @Override
    public Optional<AmountChange> amountChange() {
      return Optional.of(
          new AmountChange(withdrawal.accountId(), MonitorField.HELD_AMOUNT, withdrawal.amount()));
    }
  }

  record WithdrawalSettled(Withdrawal withdrawal) implements RowChange {
    @Override
    public Optional<AmountChange> amountChange() {
      return Optional.of(
          new AmountChange(
              withdrawal.accountId(), MonitorField.HELD_AMOUNT, withdrawal.amount().negate()));
    }
  }

  record PendingDepositSettled(PendingDeposit pendingDeposit) implements RowChange {
    @Override
    public Optional<AmountChange> amountChange() {
      return Optional.of(
          new AmountChange(
              pendingDeposit.accountId(),
              MonitorField.PENDING_IN,
              pendingDeposit.amount().negate()));
    }
  }

  /** Money for a closed wallet kept in suspense ({@link ClosedWalletCredits#SUSPENSE}). */
  record SuspenseBooked(SuspenseItem item) implements RowChange {}

  /**
   * The kept items of a reopened wallet, paid back to it by the transaction {@code release}: each
   * must still be kept when it is stored, or the release fails whole.
   */
  record SuspenseReleased(AccountId wallet, List<TransactionId> items, TransactionId release)
      implements RowChange {

    public SuspenseReleased {
      items = List.copyOf(items);
    }
  }
}
