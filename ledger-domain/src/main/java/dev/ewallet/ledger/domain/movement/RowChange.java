package dev.ewallet.ledger.domain.movement;

import dev.ewallet.ledger.domain.bankflow.Hold;
import dev.ewallet.ledger.domain.bankflow.PendingDeposit;
import dev.ewallet.ledger.domain.bankflow.Withdrawal;
import dev.ewallet.ledger.domain.monitor.AmountChange;
import dev.ewallet.ledger.domain.monitor.MonitorField;

/**
 * A bank-flow row a movement places or moves on, written by the posting path in the same unit of
 * work as its transaction.
 */
public sealed interface RowChange {

  /**
   * How the change moves its account's {@code heldAmount} or {@code pendingIn}: a row counts there
   * while pending, for its whole amount, and leaves it whole however it ends.
   */
  AmountChange amountChange();

  record HoldPlaced(Hold hold) implements RowChange {
    @Override
    public AmountChange amountChange() {
      return new AmountChange(hold.accountId(), MonitorField.HELD_AMOUNT, hold.amount());
    }
  }

  record HoldSettled(Hold hold) implements RowChange {
    @Override
    public AmountChange amountChange() {
      return new AmountChange(hold.accountId(), MonitorField.HELD_AMOUNT, hold.amount().negate());
    }
  }

  record WithdrawalRequested(Withdrawal withdrawal) implements RowChange {
    @Override
    public AmountChange amountChange() {
      return new AmountChange(
          withdrawal.accountId(), MonitorField.HELD_AMOUNT, withdrawal.amount());
    }
  }

  record WithdrawalSettled(Withdrawal withdrawal) implements RowChange {
    @Override
    public AmountChange amountChange() {
      return new AmountChange(
          withdrawal.accountId(), MonitorField.HELD_AMOUNT, withdrawal.amount().negate());
    }
  }

  record PendingDepositSettled(PendingDeposit pendingDeposit) implements RowChange {
    @Override
    public AmountChange amountChange() {
      return new AmountChange(
          pendingDeposit.accountId(), MonitorField.PENDING_IN, pendingDeposit.amount().negate());
    }
  }
}
