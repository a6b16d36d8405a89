package dev.ewallet.ledger.application.flows;

import dev.ewallet.ledger.application.OperatorPages;
import dev.ewallet.ledger.application.posting.PostingOutcome;
import dev.ewallet.ledger.application.posting.PostingRequest;
import dev.ewallet.ledger.application.posting.PostingStrategy;
import dev.ewallet.ledger.domain.account.Account;
import dev.ewallet.ledger.domain.account.AccountId;
import dev.ewallet.ledger.domain.account.AccountKind;
import dev.ewallet.ledger.domain.bankflow.PendingPosition;
import dev.ewallet.ledger.domain.bankflow.Withdrawal;
import dev.ewallet.ledger.domain.error.InvalidRequestException;
import dev.ewallet.ledger.domain.error.WithdrawalNotFoundException;
import dev.ewallet.ledger.domain.journal.TransactionId;
import dev.ewallet.ledger.domain.money.CurrencyCode;
import dev.ewallet.ledger.domain.movement.Movement;
import dev.ewallet.ledger.domain.movement.RowChange;
import dev.ewallet.ledger.domain.movement.WithdrawalCompletion;
import dev.ewallet.ledger.domain.movement.WithdrawalFailure;
import dev.ewallet.ledger.domain.movement.WithdrawalRequest;
import dev.ewallet.ledger.domain.port.in.Caller;
import dev.ewallet.ledger.domain.port.in.CompleteWithdrawalCommand;
import dev.ewallet.ledger.domain.port.in.FailWithdrawalCommand;
import dev.ewallet.ledger.domain.port.in.GetWithdrawalQuery;
import dev.ewallet.ledger.domain.port.in.OldestPendingWithdrawalQuery;
import dev.ewallet.ledger.domain.port.in.PendingWithdrawalsQuery;
import dev.ewallet.ledger.domain.port.in.PostingReceipt;
import dev.ewallet.ledger.domain.port.in.RequestWithdrawalCommand;
import dev.ewallet.ledger.domain.port.in.RequestWithdrawalUseCase;
import dev.ewallet.ledger.domain.port.in.ResendPayoutsCommand;
import dev.ewallet.ledger.domain.port.in.ResendPayoutsUseCase;
import dev.ewallet.ledger.domain.port.in.SettleWithdrawalCommand;
import dev.ewallet.ledger.domain.port.in.SettleWithdrawalUseCase;
import dev.ewallet.ledger.domain.port.out.AccountRepository;
import dev.ewallet.ledger.domain.port.out.BankPayoutGateway;
import dev.ewallet.ledger.domain.port.out.JournalRepository;
import dev.ewallet.ledger.domain.port.out.WithdrawalRepository;
import java.lang.System.Logger.Level;
import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * Withdrawals as a state machine over the hold account: PENDING (wallet to hold), then COMPLETED
 * (hold to payout clearing) or FAILED (hold back to the wallet), the settlement taking the money
 * from the very hold row (a shard, ADR 0022) the request put it on. The bank is asked only after
 * the PENDING transaction committed, never while an account row is locked.
 */
public final class WithdrawalService
    implements RequestWithdrawalUseCase,
        SettleWithdrawalUseCase,
        GetWithdrawalQuery,
        PendingWithdrawalsQuery,
        ResendPayoutsUseCase,
        OldestPendingWithdrawalQuery {

  private static final System.Logger LOG = System.getLogger(WithdrawalService.class.getName());

  private final AccountRepository accounts;
  private final WithdrawalRepository withdrawals;
  private final JournalRepository journal;
  private final BankPayoutGateway bank;
  private final PostingStrategy posting;
  private final Clock clock;

  public WithdrawalService(
      AccountRepository accounts,
      WithdrawalRepository withdrawals,
      JournalRepository journal,
      BankPayoutGateway bank,
      PostingStrategy posting,
      Clock clock) {
    this.accounts = accounts;
    this.withdrawals = withdrawals;
    this.journal = journal;
    this.bank = bank;
    this.posting = posting;
    this.clock = clock;
  }

  @Override
  public PostingReceipt request(RequestWithdrawalCommand command) {
    if (command.payee() == null && bank.needsPayee()) {
      throw new InvalidRequestException(
          "payee is required: the bank pays withdrawals out by payment files, to the account the"
              + " request names");
    }
    Account wallet = accounts.existing(command.accountId());
    WithdrawalRequest withdrawal =
        new WithdrawalRequest(
            command.caller(),
            wallet.id(),
            accounts.systemAccountServing(wallet, AccountKind.HOLD),
            command.amountMinor(),
            command.payee());
    PostingOutcome outcome =
        posting.post(
            new PostingRequest(
                command.caller(), command.idempotencyKey(), command.fingerprint(), withdrawal));
    PostingReceipt receipt = outcome.receiptOrThrow();
    if (outcome instanceof PostingOutcome.Posted posted) {
      askBank(requested(posted));
    }
    return receipt;
  }

  /** The withdrawal a request placed, as committed: the bank is asked without reading it back. */
  private static Withdrawal requested(PostingOutcome.Posted posted) {
    for (RowChange change : posted.rowChanges()) {
      if (change instanceof RowChange.WithdrawalRequested requested) {
        return requested.withdrawal();
      }
    }
    throw new IllegalStateException(posted.transaction() + " placed no withdrawal");
  }

  /**
   * After the commit, never under a lock: asks the bank and notes that it was asked. A bank that
   * cannot be reached, a note the database fails (or a process that stops before it) leaves the
   * withdrawal pending and unnoted, and the payout job asks again; the bank is idempotent on the
   * withdrawal id. Neither fails the request, whose withdrawal has posted.
   *
   * @return whether the bank accepted the request
   */
  private boolean askBank(Withdrawal withdrawal) {
    try {
      bank.requestPayout(withdrawal);
    } catch (RuntimeException unreachable) {
      leftToTheJob(withdrawal.id(), "the bank could not be asked", unreachable);
      return false;
    }
    try {
      withdrawals.markPayoutRequested(withdrawal.id(), clock.instant());
    } catch (RuntimeException unnoted) {
      leftToTheJob(withdrawal.id(), "the bank was asked, but that could not be noted", unnoted);
    }
    return true;
  }

  private static void leftToTheJob(TransactionId id, String what, RuntimeException cause) {
    LOG.log(
        Level.WARNING,
        "withdrawal {0} stays PENDING: {1} ({2}); the payout job asks again",
        id,
        what,
        cause.toString());
  }

  @Override
  public int resend(ResendPayoutsCommand command) {
    Instant createdBefore = clock.instant().minus(command.olderThan());
    int accepted = 0;
    for (Withdrawal withdrawal :
        withdrawals.findUnrequestedPayouts(createdBefore, command.batchSize())) {
      LOG.log(Level.INFO, "asking the bank again to pay out withdrawal {0}", withdrawal.id());
      if (askBank(withdrawal)) {
        accepted++;
      }
    }
    return accepted;
  }

  @Override
  public Optional<Instant> oldestPendingSince() {
    return withdrawals.oldestPendingSince();
  }

  @Override
  public PostingReceipt settle(SettleWithdrawalCommand command) {
    command.caller().requireOperator();
    Withdrawal withdrawal = find(command.withdrawalId());
    CurrencyCode currency = withdrawal.amount().currency();
    AccountId holdAccount = journal.heldOn(withdrawal.id());
    Movement settlement =
        switch (command) {
          case CompleteWithdrawalCommand completed ->
              new WithdrawalCompletion(
                  withdrawal,
                  holdAccount,
                  accounts.systemAccount(AccountKind.PAYOUT_CLEARING, currency));
          case FailWithdrawalCommand failed ->
              new WithdrawalFailure(withdrawal, holdAccount, failed.reason());
        };
    return posting
        .post(
            new PostingRequest(
                command.caller(), command.idempotencyKey(), command.fingerprint(), settlement))
        .receiptOrThrow();
  }

  @Override
  public Withdrawal get(Caller caller, TransactionId withdrawalId) {
    Withdrawal withdrawal = find(withdrawalId);
    caller.requireOwnerOrOperator(account(withdrawal.accountId()));
    return withdrawal;
  }

  @Override
  public List<Withdrawal> pending(Caller caller, PendingPosition after, int limit) {
    OperatorPages.require(caller, limit);
    return withdrawals.pendingOldestFirst(after, limit);
  }

  private Withdrawal find(TransactionId id) {
    return withdrawals
        .findWithdrawal(id)
        .orElseThrow(() -> new WithdrawalNotFoundException(id.toString()));
  }

  private Account account(AccountId id) {
    return accounts.existing(id);
  }
}
