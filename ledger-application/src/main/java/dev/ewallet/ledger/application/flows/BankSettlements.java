package dev.ewallet.ledger.application.flows;

import dev.ewallet.ledger.domain.account.AccountId;
import dev.ewallet.ledger.domain.bank.StatementLine;
import dev.ewallet.ledger.domain.bank.StoredLine;
import dev.ewallet.ledger.domain.journal.IdempotencyKey;
import dev.ewallet.ledger.domain.journal.TransactionDetails;
import dev.ewallet.ledger.domain.journal.TransactionId;
import dev.ewallet.ledger.domain.port.in.Caller;
import dev.ewallet.ledger.domain.port.in.CompleteWithdrawalCommand;
import dev.ewallet.ledger.domain.port.in.DepositFundsCommand;
import dev.ewallet.ledger.domain.port.in.DepositFundsUseCase;
import dev.ewallet.ledger.domain.port.in.FailWithdrawalCommand;
import dev.ewallet.ledger.domain.port.in.SettleDepositCommand;
import dev.ewallet.ledger.domain.port.in.SettleDepositUseCase;
import dev.ewallet.ledger.domain.port.in.SettleWithdrawalUseCase;
import java.util.Map;

/**
 * The bank's answer to a withdrawal or a pending deposit as its statements give it, and a credit
 * booked to a wallet, posted through their use cases as the system, under one idempotency key per
 * withdrawal or deposit and outcome, or per booked line: whichever statement, notification or
 * operator match settles it first posts, every later one replays that posting.
 */
public final class BankSettlements {

  private final SettleWithdrawalUseCase settle;
  private final SettleDepositUseCase deposits;
  private final DepositFundsUseCase depositFunds;

  public BankSettlements(
      SettleWithdrawalUseCase settle,
      SettleDepositUseCase deposits,
      DepositFundsUseCase depositFunds) {
    this.settle = settle;
    this.deposits = deposits;
    this.depositFunds = depositFunds;
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
   * Posts a credit line's amount to the wallet as a deposit, once per line (the import and an
   * operator, or two operators, post it once); its metadata names the statement and line. The
   * caller has checked that the wallet holds the line's currency.
   *
   * @return the deposit's transaction
   */
  TransactionId book(StoredLine stored, AccountId wallet) {
    StatementLine line = stored.line();
    return depositFunds
        .deposit(
            new DepositFundsCommand(
                Caller.system(),
                IdempotencyKey.of("bank-book-line-" + stored.id()),
                wallet,
                line.amount().amountMinor(),
                new TransactionDetails(
                    null,
                    null,
                    Map.of(
                        "bankStatementId",
                        stored.statementId(),
                        "bankStatementLine",
                        String.valueOf(line.number())))))
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
