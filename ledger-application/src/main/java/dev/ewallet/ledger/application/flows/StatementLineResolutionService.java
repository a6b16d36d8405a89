package dev.ewallet.ledger.application.flows;

import dev.ewallet.ledger.domain.account.Account;
import dev.ewallet.ledger.domain.account.AccountId;
import dev.ewallet.ledger.domain.bank.CreditDebit;
import dev.ewallet.ledger.domain.bank.LineResolution;
import dev.ewallet.ledger.domain.bank.LineStatus;
import dev.ewallet.ledger.domain.bank.StatementLine;
import dev.ewallet.ledger.domain.bank.StatementMatching;
import dev.ewallet.ledger.domain.bank.StoredLine;
import dev.ewallet.ledger.domain.bankflow.PendingDeposit;
import dev.ewallet.ledger.domain.bankflow.Withdrawal;
import dev.ewallet.ledger.domain.error.CurrencyMismatchException;
import dev.ewallet.ledger.domain.error.InvalidRequestException;
import dev.ewallet.ledger.domain.error.PendingDepositNotFoundException;
import dev.ewallet.ledger.domain.error.StatementLineNotFoundException;
import dev.ewallet.ledger.domain.error.StatementLineResolvedException;
import dev.ewallet.ledger.domain.error.WithdrawalNotFoundException;
import dev.ewallet.ledger.domain.journal.TransactionId;
import dev.ewallet.ledger.domain.port.in.BookDepositLineCommand;
import dev.ewallet.ledger.domain.port.in.DismissStatementLineCommand;
import dev.ewallet.ledger.domain.port.in.MatchDepositLineCommand;
import dev.ewallet.ledger.domain.port.in.MatchStatementLineCommand;
import dev.ewallet.ledger.domain.port.in.ResolveStatementLineCommand;
import dev.ewallet.ledger.domain.port.in.ResolveStatementLineUseCase;
import dev.ewallet.ledger.domain.port.out.AccountRepository;
import dev.ewallet.ledger.domain.port.out.BankStatementStore;
import dev.ewallet.ledger.domain.port.out.PendingDepositRepository;
import dev.ewallet.ledger.domain.port.out.WithdrawalRepository;
import java.time.Clock;

/**
 * An operator's resolution of a line in the exceptions queue. Matching a line to a withdrawal
 * settles it as the import would (a debit completes it, a credit fails it, under the same
 * idempotency keys, so a later statement reporting the same booking replays it), whatever the
 * line's amount: the operator has checked it with the bank. Matching a credit to a pending deposit
 * settles the deposit for its own amount, under the key the import would use. Booking a credit
 * nobody announced posts it as a deposit to the wallet the operator names. Dismissing records the
 * reason. Each is recorded once; the request itself is in the audit trail like every write.
 */
public final class StatementLineResolutionService implements ResolveStatementLineUseCase {

  private static final String BY_OPERATOR = "OPERATOR";

  private final BankStatementStore store;
  private final WithdrawalRepository withdrawals;
  private final PendingDepositRepository deposits;
  private final AccountRepository accounts;
  private final BankSettlements settlements;
  private final Clock clock;

  public StatementLineResolutionService(
      BankStatementStore store,
      WithdrawalRepository withdrawals,
      PendingDepositRepository deposits,
      AccountRepository accounts,
      BankSettlements settlements,
      Clock clock) {
    this.store = store;
    this.withdrawals = withdrawals;
    this.deposits = deposits;
    this.accounts = accounts;
    this.settlements = settlements;
    this.clock = clock;
  }

  @Override
  public StoredLine resolve(ResolveStatementLineCommand command) {
    command.caller().requireOperator();
    long id = command.lineId();
    StoredLine stored = store.line(id).orElseThrow(() -> new StatementLineNotFoundException(id));
    if (stored.resolution() != null) {
      throw new StatementLineResolvedException(id, stored.status().name());
    }
    String principal = String.valueOf(command.caller().principalId());
    LineResolution resolution =
        switch (command) {
          case MatchStatementLineCommand match ->
              match(stored.line(), match.withdrawalId(), principal);
          case MatchDepositLineCommand match ->
              matchDeposit(stored.line(), match.depositId(), principal);
          case BookDepositLineCommand book -> bookDeposit(stored, book.accountId(), principal);
          case DismissStatementLineCommand dismiss ->
              new LineResolution(
                  LineStatus.DISMISSED,
                  null,
                  null,
                  null,
                  BY_OPERATOR,
                  dismiss.reason(),
                  principal,
                  clock.instant());
        };
    store.resolve(id, resolution);
    return store.line(id).orElseThrow();
  }

  private LineResolution match(StatementLine line, TransactionId withdrawalId, String principal) {
    Withdrawal withdrawal =
        withdrawals
            .findWithdrawal(withdrawalId)
            .orElseThrow(() -> new WithdrawalNotFoundException(withdrawalId.toString()));
    if (!withdrawal.amount().currency().equals(line.amount().currency())) {
      throw new CurrencyMismatchException(
          withdrawal.amount().currency().value(), line.amount().currency().value());
    }
    boolean paidOut = line.direction() == CreditDebit.DEBIT;
    TransactionId settlement =
        paidOut
            ? settlements.complete(withdrawalId)
            : settlements.fail(withdrawalId, StatementMatching.returnReason(line));
    return new LineResolution(
        LineStatus.MATCHED,
        withdrawalId,
        null,
        settlement,
        BY_OPERATOR,
        (paidOut ? "paid out" : StatementMatching.returnReason(line)) + ": matched by an operator",
        principal,
        clock.instant());
  }

  /**
   * Posts the line's amount to the wallet as a deposit, as the system under a key of the booking
   * ({@link BankSettlements#book}): two operators booking one line at once post it once, and the
   * second finds the line resolved.
   */
  private LineResolution bookDeposit(StoredLine stored, AccountId accountId, String principal) {
    StatementLine line = stored.line();
    requireCredit(line);
    Account wallet = accounts.existing(accountId);
    if (!wallet.currency().equals(line.amount().currency())) {
      throw new CurrencyMismatchException(
          wallet.currency().value(), line.amount().currency().value());
    }
    return new LineResolution(
        LineStatus.MATCHED,
        null,
        null,
        settlements.book(stored, accountId),
        BY_OPERATOR,
        "booked as a deposit to account " + accountId.value() + " by an operator",
        principal,
        clock.instant());
  }

  private static void requireCredit(StatementLine line) {
    if (!line.paysIn()) {
      throw new InvalidRequestException(
          "only a credit pays a deposit in; line "
              + line.number()
              + " is a "
              + line.direction()
              + (line.returned() ? " return" : ""));
    }
  }

  private LineResolution matchDeposit(
      StatementLine line, TransactionId depositId, String principal) {
    PendingDeposit deposit =
        deposits
            .findPendingDeposit(depositId)
            .orElseThrow(() -> new PendingDepositNotFoundException(depositId.toString()));
    requireCredit(line);
    if (!deposit.amount().currency().equals(line.amount().currency())) {
      throw new CurrencyMismatchException(
          deposit.amount().currency().value(), line.amount().currency().value());
    }
    return new LineResolution(
        LineStatus.MATCHED,
        null,
        depositId,
        settlements.settleDeposit(depositId),
        BY_OPERATOR,
        "paid in: matched by an operator",
        principal,
        clock.instant());
  }
}
