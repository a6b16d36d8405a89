package dev.ewallet.ledger.application.flows;

import dev.ewallet.ledger.application.posting.Attempts;
import dev.ewallet.ledger.domain.account.Account;
import dev.ewallet.ledger.domain.account.AccountId;
import dev.ewallet.ledger.domain.account.AccountStatusChanged;
import dev.ewallet.ledger.domain.limits.OutgoingAllowance;
import dev.ewallet.ledger.domain.limits.OutgoingLimits;
import dev.ewallet.ledger.domain.limits.OutgoingUsage;
import dev.ewallet.ledger.domain.port.in.AccountView;
import dev.ewallet.ledger.domain.port.in.Caller;
import dev.ewallet.ledger.domain.port.in.ChangeAccountStatusCommand;
import dev.ewallet.ledger.domain.port.in.ChangeAccountStatusUseCase;
import dev.ewallet.ledger.domain.port.in.OutgoingLimitsQuery;
import dev.ewallet.ledger.domain.port.in.OutgoingLimitsView;
import dev.ewallet.ledger.domain.port.in.SetOutgoingLimitsCommand;
import dev.ewallet.ledger.domain.port.in.SetOutgoingLimitsUseCase;
import dev.ewallet.ledger.domain.port.out.AccountRepository;
import dev.ewallet.ledger.domain.port.out.LedgerEventOutbox;
import dev.ewallet.ledger.domain.port.out.UnitOfWork;
import java.time.Clock;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.TreeSet;

/**
 * Operators' controls on a wallet: freezes and outgoing limits. The posting path enforces them (the
 * journal's {@code balanceAfter} and the poster's allowances, on the rows as locked); this only
 * sets them, under the same row locks, and reads the limits back. A freeze and its lifting are
 * events ({@link AccountStatusChanged}) in the outbox, written with the change.
 */
public final class AccountControlService
    implements ChangeAccountStatusUseCase, SetOutgoingLimitsUseCase, OutgoingLimitsQuery {

  private final AccountRepository accounts;
  private final WalletStatuses statuses;
  private final AccountService views;
  private final UnitOfWork unitOfWork;
  private final OutgoingLimits defaults;
  private final Clock clock;

  public AccountControlService(
      AccountRepository accounts,
      LedgerEventOutbox outbox,
      AccountService views,
      UnitOfWork unitOfWork,
      OutgoingLimits defaults,
      Clock clock) {
    this.accounts = accounts;
    this.statuses = new WalletStatuses(accounts, outbox, unitOfWork, clock);
    this.views = views;
    this.unitOfWork = unitOfWork;
    this.defaults = defaults;
    this.clock = clock;
  }

  @Override
  public AccountView changeStatus(ChangeAccountStatusCommand command) {
    command.caller().requireOperator();
    Account wallet = accounts.existing(command.accountId());
    statuses.change(
        wallet,
        command.caller().principalId(),
        command.reason(),
        (locked, shards) -> {
          // Closing and reopening are their own actions: a freeze never opens a closed wallet.
          locked.requireNotClosed();
          return command.status();
        });
    return views.view(wallet.id());
  }

  @Override
  public OutgoingLimitsView setLimits(SetOutgoingLimitsCommand command) {
    command.caller().requireOperator();
    Account wallet = accounts.existing(command.accountId());
    wallet.requireWallet();
    Attempts.inTransaction(
        unitOfWork,
        () -> {
          accounts.lockForUpdate(new TreeSet<>(List.of(wallet.id())));
          accounts.setOutgoingLimits(
              wallet.id(),
              command.dailyOut(),
              command.monthlyOut(),
              command.caller().principalId(),
              clock.instant().truncatedTo(ChronoUnit.MICROS));
          return null;
        });
    return view(wallet);
  }

  @Override
  public OutgoingLimitsView limits(Caller caller, AccountId accountId) {
    Account wallet = accounts.existing(accountId);
    caller.requireOwnerOrOperator(wallet);
    wallet.requireWallet();
    return view(wallet);
  }

  /** The limits with what the current UTC day and month used, as committed. */
  private OutgoingLimitsView view(Account wallet) {
    Instant now = clock.instant();
    OutgoingUsage usage =
        Attempts.inTransaction(
            unitOfWork,
            () ->
                accounts
                    .outgoing(List.of(wallet.id()), LocalDate.ofInstant(now, ZoneOffset.UTC))
                    .getOrDefault(wallet.id(), OutgoingUsage.NONE));
    OutgoingAllowance allowance = defaults.allowance(wallet.currency(), usage);
    return new OutgoingLimitsView(
        wallet.id(),
        new OutgoingLimitsView.Window(
            allowance.dailyLimit(), allowance.dailyUsed(), OutgoingAllowance.nextDay(now)),
        new OutgoingLimitsView.Window(
            allowance.monthlyLimit(), allowance.monthlyUsed(), OutgoingAllowance.nextMonth(now)));
  }
}
