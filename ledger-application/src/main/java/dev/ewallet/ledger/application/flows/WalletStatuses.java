package dev.ewallet.ledger.application.flows;

import dev.ewallet.ledger.application.posting.Attempts;
import dev.ewallet.ledger.domain.account.Account;
import dev.ewallet.ledger.domain.account.AccountId;
import dev.ewallet.ledger.domain.account.AccountStatus;
import dev.ewallet.ledger.domain.account.AccountStatusChanged;
import dev.ewallet.ledger.domain.port.out.AccountRepository;
import dev.ewallet.ledger.domain.port.out.LedgerEventOutbox;
import dev.ewallet.ledger.domain.port.out.StatusChange;
import dev.ewallet.ledger.domain.port.out.UnitOfWork;
import java.time.Clock;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.SortedSet;
import java.util.TreeSet;
import java.util.UUID;
import java.util.function.BiFunction;

/**
 * Changes a wallet's status the one way every change goes (a freeze, its lifting, a closing, a
 * reopening, a reactivation): the wallet and its merchant shards locked in one statement in id
 * order, like every posting's locks, the new status decided from the rows as locked, stored with
 * the record of the change and its event ({@link AccountStatusChanged}) in the outbox, all in one
 * unit of work.
 */
final class WalletStatuses {

  private final AccountRepository accounts;
  private final LedgerEventOutbox outbox;
  private final UnitOfWork unitOfWork;
  private final Clock clock;

  WalletStatuses(
      AccountRepository accounts, LedgerEventOutbox outbox, UnitOfWork unitOfWork, Clock clock) {
    this.accounts = accounts;
    this.outbox = outbox;
    this.unitOfWork = unitOfWork;
    this.clock = clock;
  }

  /**
   * Sets the status {@code decide} gives the wallet as locked (given the wallet and its shards);
   * nothing when it gives {@code null}.
   *
   * @param changedBy the principal id of whoever asked
   * @return whether the status was set
   */
  boolean change(
      Account wallet,
      long changedBy,
      String reason,
      BiFunction<Account, List<Account>, AccountStatus> decide) {
    wallet.requireWallet();
    SortedSet<AccountId> ids = new TreeSet<>();
    ids.add(wallet.id());
    accounts.findShards(wallet.id()).forEach(shard -> ids.add(shard.id()));
    return Attempts.inTransaction(
        unitOfWork,
        () -> {
          List<Account> locked = accounts.lockForUpdate(ids);
          Account current =
              locked.stream().filter(a -> a.id().equals(wallet.id())).findFirst().orElseThrow();
          List<Account> shards = locked.stream().filter(a -> a != current).toList();
          AccountStatus next = decide.apply(current, shards);
          if (next == null) {
            return false;
          }
          Instant at = clock.instant().truncatedTo(ChronoUnit.MICROS);
          accounts.changeStatus(new StatusChange(wallet.id(), next, reason, changedBy, at));
          outbox.appendStatusChanges(
              List.of(
                  new AccountStatusChanged(
                      UUID.randomUUID(),
                      wallet.id(),
                      current.status(),
                      next,
                      reason,
                      changedBy,
                      at)));
          return true;
        });
  }
}
