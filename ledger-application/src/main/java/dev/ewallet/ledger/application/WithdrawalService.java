package dev.ewallet.ledger.application;

import dev.ewallet.ledger.domain.account.Account;
import dev.ewallet.ledger.domain.account.AccountId;
import dev.ewallet.ledger.domain.account.AccountKind;
import dev.ewallet.ledger.domain.bankflow.Withdrawal;
import dev.ewallet.ledger.domain.error.WithdrawalNotFoundException;
import dev.ewallet.ledger.domain.journal.JournalTransaction;
import dev.ewallet.ledger.domain.journal.Posting;
import dev.ewallet.ledger.domain.journal.TransactionId;
import dev.ewallet.ledger.domain.journal.TransactionType;
import dev.ewallet.ledger.domain.money.Money;
import dev.ewallet.ledger.domain.port.in.Caller;
import dev.ewallet.ledger.domain.port.in.GetWithdrawalQuery;
import dev.ewallet.ledger.domain.port.in.PostingReceipt;
import dev.ewallet.ledger.domain.port.in.RequestWithdrawalCommand;
import dev.ewallet.ledger.domain.port.in.RequestWithdrawalUseCase;
import dev.ewallet.ledger.domain.port.in.SettleWithdrawalCommand;
import dev.ewallet.ledger.domain.port.in.SettleWithdrawalUseCase;
import dev.ewallet.ledger.domain.port.out.AccountRepository;
import dev.ewallet.ledger.domain.port.out.BankPayoutGateway;
import dev.ewallet.ledger.domain.port.out.WithdrawalRepository;
import java.lang.System.Logger.Level;
import java.util.List;
import java.util.TreeSet;

/**
 * Withdrawals as a state machine over the hold account: PENDING (wallet to hold), then COMPLETED
 * (hold to payout clearing) or FAILED (hold back to the wallet). The bank is asked only after the
 * PENDING transaction committed, never while an account row is locked.
 */
public final class WithdrawalService
    implements RequestWithdrawalUseCase, SettleWithdrawalUseCase, GetWithdrawalQuery {

  private static final System.Logger LOG = System.getLogger(WithdrawalService.class.getName());

  private final AccountRepository accounts;
  private final WithdrawalRepository withdrawals;
  private final BankPayoutGateway bank;
  private final JournalPoster poster;

  WithdrawalService(
      AccountRepository accounts,
      WithdrawalRepository withdrawals,
      BankPayoutGateway bank,
      JournalPoster poster) {
    this.accounts = accounts;
    this.withdrawals = withdrawals;
    this.bank = bank;
    this.poster = poster;
  }

  @Override
  public PostingReceipt request(RequestWithdrawalCommand command) {
    Account wallet = account(command.accountId());
    AccountId hold = accounts.systemAccount(AccountKind.HOLD, wallet.currency());
    Money amount = Money.of(command.amountMinor(), wallet.currency());
    PostingReceipt receipt =
        poster.post(
            new PostingRequest(
                command.caller(),
                command.idempotencyKey(),
                command.fingerprint(),
                TransactionType.WITHDRAWAL,
                new TreeSet<>(List.of(wallet.id(), hold)),
                null,
                null,
                (locked, id, at) -> {
                  command.caller().requireOwner(locked.get(wallet.id()));
                  WalletRules.requireWallet(locked.get(wallet.id()));
                  withdrawals.insertWithdrawal(Withdrawal.requested(id, wallet.id(), amount, at));
                  return JournalTransaction.create(
                      id,
                      TransactionType.WITHDRAWAL,
                      List.of(new Posting(wallet.id(), amount.negate()), new Posting(hold, amount)),
                      at);
                }));
    if (!receipt.replayed()) {
      askBank(receipt.transactionId());
    }
    return receipt;
  }

  /** After the commit: a bank that cannot be reached leaves the withdrawal pending, not lost. */
  private void askBank(TransactionId withdrawalId) {
    Withdrawal withdrawal = withdrawals.findWithdrawal(withdrawalId).orElseThrow();
    try {
      bank.requestPayout(withdrawal);
    } catch (RuntimeException unreachable) {
      LOG.log(
          Level.WARNING,
          "withdrawal {0} stays PENDING: the bank could not be asked ({1}); an operator fails or"
              + " completes it when the bank answers",
          withdrawalId,
          unreachable.toString());
    }
  }

  @Override
  public PostingReceipt settle(SettleWithdrawalCommand command) {
    command.caller().requireOperator();
    Withdrawal withdrawal = find(command.withdrawalId());
    Money amount = withdrawal.amount();
    AccountId hold = accounts.systemAccount(AccountKind.HOLD, amount.currency());
    AccountId target =
        command.completed()
            ? accounts.systemAccount(AccountKind.PAYOUT_CLEARING, amount.currency())
            : withdrawal.accountId();
    TransactionType type =
        command.completed()
            ? TransactionType.WITHDRAWAL_COMPLETION
            : TransactionType.WITHDRAWAL_FAILURE;
    return poster.post(
        new PostingRequest(
            command.caller(),
            command.idempotencyKey(),
            command.fingerprint(),
            type,
            new TreeSet<>(List.of(hold, target)),
            null,
            command.failureReason(),
            (locked, id, at) -> {
              Withdrawal pending = withdrawals.lockWithdrawal(withdrawal.id()).orElseThrow();
              withdrawals.updateWithdrawal(
                  command.completed()
                      ? pending.complete(id, at)
                      : pending.fail(id, command.failureReason(), at));
              return JournalTransaction.create(
                  id,
                  type,
                  List.of(new Posting(hold, amount.negate()), new Posting(target, amount)),
                  at);
            }));
  }

  @Override
  public Withdrawal get(Caller caller, TransactionId withdrawalId) {
    Withdrawal withdrawal = find(withdrawalId);
    caller.requireOwnerOrOperator(account(withdrawal.accountId()));
    return withdrawal;
  }

  private Withdrawal find(TransactionId id) {
    return withdrawals
        .findWithdrawal(id)
        .orElseThrow(() -> new WithdrawalNotFoundException(id.toString()));
  }

  private Account account(AccountId id) {
    return WalletRules.existing(accounts, id);
  }
}
