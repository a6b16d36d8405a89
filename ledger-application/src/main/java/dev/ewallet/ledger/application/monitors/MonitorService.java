package dev.ewallet.ledger.application.monitors;

import dev.ewallet.ledger.application.posting.Attempts;
import dev.ewallet.ledger.domain.account.Account;
import dev.ewallet.ledger.domain.account.AccountId;
import dev.ewallet.ledger.domain.error.InvalidRequestException;
import dev.ewallet.ledger.domain.error.MonitorNotFoundException;
import dev.ewallet.ledger.domain.error.TooManyMonitorsException;
import dev.ewallet.ledger.domain.money.Money;
import dev.ewallet.ledger.domain.monitor.BalanceMonitor;
import dev.ewallet.ledger.domain.monitor.MonitorField;
import dev.ewallet.ledger.domain.port.in.Caller;
import dev.ewallet.ledger.domain.port.in.MonitorsQuery;
import dev.ewallet.ledger.domain.port.in.RemoveMonitorCommand;
import dev.ewallet.ledger.domain.port.in.RemoveMonitorUseCase;
import dev.ewallet.ledger.domain.port.in.SetMonitorCommand;
import dev.ewallet.ledger.domain.port.in.SetMonitorUseCase;
import dev.ewallet.ledger.domain.port.out.AccountRepository;
import dev.ewallet.ledger.domain.port.out.BalanceMonitorRepository;
import dev.ewallet.ledger.domain.port.out.UnitOfWork;
import java.time.Clock;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.TreeSet;

/**
 * Balance monitors: set, listed and removed here, moved and fired by the posting path ({@link
 * dev.ewallet.ledger.domain.monitor.MonitorWatch}, and by pending deposits' announcements and
 * failures ({@link PendingInMonitors}). Setting one locks its account like a posting does, so its
 * starting edge is the amount (balance, held or pending) no change can move meanwhile.
 */
public final class MonitorService
    implements SetMonitorUseCase, RemoveMonitorUseCase, MonitorsQuery {

  /** The most monitors one account may have. */
  public static final int MAX_PER_ACCOUNT = 10;

  private final AccountRepository accounts;
  private final BalanceMonitorRepository monitors;
  private final UnitOfWork unitOfWork;
  private final Clock clock;

  public MonitorService(
      AccountRepository accounts,
      BalanceMonitorRepository monitors,
      UnitOfWork unitOfWork,
      Clock clock) {
    this.accounts = accounts;
    this.monitors = monitors;
    this.unitOfWork = unitOfWork;
    this.clock = clock;
  }

  @Override
  public BalanceMonitor set(SetMonitorCommand command) {
    Account wallet = watchable(command.caller(), command.accountId());
    return Attempts.inTransaction(
        unitOfWork,
        () -> {
          Account locked = accounts.lockForUpdate(new TreeSet<>(List.of(wallet.id()))).getFirst();
          if (monitors.ofAccounts(List.of(wallet.id())).size() >= MAX_PER_ACCOUNT) {
            throw new TooManyMonitorsException(wallet.id().value(), MAX_PER_ACCOUNT);
          }
          MonitorField field = command.condition().field();
          Money watched =
              field == MonitorField.BALANCE
                  ? locked.balance()
                  : monitors.amountsBesideBalance(List.of(wallet.id())).get(wallet.id()).of(field);
          return monitors.insert(
              wallet.id(),
              command.condition(),
              command.condition().holdsAt(watched.amountMinor()),
              command.caller().principalId(),
              clock.instant().truncatedTo(ChronoUnit.MICROS));
        });
  }

  @Override
  public void remove(RemoveMonitorCommand command) {
    Account wallet = watchable(command.caller(), command.accountId());
    boolean removed =
        Attempts.inTransaction(
            unitOfWork,
            () -> {
              accounts.lockForUpdate(new TreeSet<>(List.of(wallet.id())));
              return monitors.delete(wallet.id(), command.monitorId());
            });
    if (!removed) {
      throw new MonitorNotFoundException(wallet.id().value(), command.monitorId());
    }
  }

  @Override
  public List<BalanceMonitor> monitors(Caller caller, AccountId accountId) {
    Account wallet = watchable(caller, accountId);
    return Attempts.inTransaction(unitOfWork, () -> monitors.ofAccounts(List.of(wallet.id())));
  }

  /**
   * A wallet the caller owns, or any wallet for an operator. A merchant with shards is refused: its
   * credits land on the shards, so its main account's balance is not the amount a reader means.
   */
  private Account watchable(Caller caller, AccountId accountId) {
    Account wallet = accounts.existing(accountId);
    caller.requireOwnerOrOperator(wallet);
    wallet.requireWallet();
    if (!accounts.findShards(wallet.id()).isEmpty()) {
      throw new InvalidRequestException(
          "merchant " + wallet.id() + " has shards: monitors watch unsharded wallets only");
    }
    return wallet;
  }
}
