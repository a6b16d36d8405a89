package dev.ewallet.ledger.application.flows;

import dev.ewallet.ledger.domain.journal.IdempotencyKey;
import dev.ewallet.ledger.domain.journal.TransactionId;
import dev.ewallet.ledger.domain.port.in.Caller;
import dev.ewallet.ledger.domain.port.in.CompleteWithdrawalCommand;
import dev.ewallet.ledger.domain.port.in.FailWithdrawalCommand;
import dev.ewallet.ledger.domain.port.in.SettleDepositCommand;
import dev.ewallet.ledger.domain.port.in.SettleDepositUseCase;
import dev.ewallet.ledger.domain.port.in.SettleWithdrawalUseCase;

/**
 * The bank's answer to a withdrawal or a pending deposit as its statements give it, posted through
 * their use cases as the system, under one idempotency key per withdrawal or deposit and outcome:
 * whichever statement, notification or operator match settles it first posts, every later one
 * replays that posting.
 */
final class BankSettlements {

  private final SettleWithdrawalUseCase settle;
  private final SettleDepositUseCase deposits;

  BankSettlements(SettleWithdrawalUseCase settle, SettleDepositUseCase deposits) {
    this.settle = settle;
    this.deposits = deposits;
  }

  /**
   * @return the deposit's transaction
   */
  TransactionId settleDeposit(TransactionId pendingDepositId) {
    return deposits
        .settle(
            new SettleDepositCommand(
                Caller.system(),
                IdempotencyKey.of("bank-settle-deposit-" + pendingDepositId),
                pendingDepositId))
        .transactionId();
  }

  /**
   * @return the completion's transaction
   */
  TransactionId complete(TransactionId withdrawalId) {
    return settle
        .settle(
            new CompleteWithdrawalCommand(
                Caller.system(), IdempotencyKey.of("bank-complete-" + withdrawalId), withdrawalId))
        .transactionId();
  }

  /**
   * @return the failure's transaction
   */
  TransactionId fail(TransactionId withdrawalId, String reason) {
    return settle
        .settle(
            new FailWithdrawalCommand(
                Caller.system(),
                IdempotencyKey.of("bank-fail-" + withdrawalId),
                withdrawalId,
                reason))
        .transactionId();
  }
}
