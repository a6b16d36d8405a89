package dev.ewallet.ledger.application;

import dev.ewallet.ledger.domain.account.Account;
import dev.ewallet.ledger.domain.account.AccountId;
import dev.ewallet.ledger.domain.port.in.AccountView;
import dev.ewallet.ledger.domain.port.in.ChangeAccountStatusCommand;
import dev.ewallet.ledger.domain.port.in.ChangeAccountStatusUseCase;
import dev.ewallet.ledger.domain.port.out.AccountRepository;
import dev.ewallet.ledger.domain.port.out.StatusChange;
import dev.ewallet.ledger.domain.port.out.UnitOfWork;
import java.time.Clock;
import java.time.temporal.ChronoUnit;
import java.util.SortedSet;
import java.util.TreeSet;

/**
 * Operators' controls on a wallet: freezes. The posting path enforces them (the journal's {@code
 * balanceAfter}, on the rows as locked); this only sets them, under the same row locks.
 */
public final class AccountControlService implements ChangeAccountStatusUseCase {

  private final AccountRepository accounts;
  private final AccountService views;
  private final UnitOfWork unitOfWork;
  private final Clock clock;

  AccountControlService(
      AccountRepository accounts, AccountService views, UnitOfWork unitOfWork, Clock clock) {
    this.accounts = accounts;
    this.views = views;
    this.unitOfWork = unitOfWork;
    this.clock = clock;
  }

  @Override
  public AccountView changeStatus(ChangeAccountStatusCommand command) {
    command.caller().requireOperator();
    Account wallet = WalletRules.existing(accounts, command.accountId());
    WalletRules.requireWallet(wallet);
    // The merchant and its shards in one lock statement, in id order like every posting's.
    SortedSet<AccountId> ids = new TreeSet<>();
    ids.add(wallet.id());
    accounts.findShards(wallet.id()).forEach(shard -> ids.add(shard.id()));
    unitOfWork.inTransaction(() -> {
      accounts.lockForUpdate(ids);
      accounts.changeStatus(
          new StatusChange(
              wallet.id(),
              command.status(),
              command.reason(),
              command.caller().principalId(),
              clock.instant().truncatedTo(ChronoUnit.MICROS)));
      return null;
    });
    return views.view(wallet.id());
  }
}
