package dev.ewallet.ledger.domain.movement;

import dev.ewallet.ledger.domain.bankflow.Hold;
import dev.ewallet.ledger.domain.bankflow.PendingDeposit;
import dev.ewallet.ledger.domain.bankflow.Withdrawal;

/**
 * A bank-flow row a movement places or moves on, written by the posting path in the same unit of
 * work as its transaction.
 */
public sealed interface RowChange {

  record HoldPlaced(Hold hold) implements RowChange {}

  record HoldSettled(Hold hold) implements RowChange {}

  record WithdrawalRequested(Withdrawal withdrawal) implements RowChange {}

  record WithdrawalSettled(Withdrawal withdrawal) implements RowChange {}

  record PendingDepositSettled(PendingDeposit pendingDeposit) implements RowChange {}
}
