package dev.ewallet.ledger.application.posting;

import dev.ewallet.ledger.application.LedgerPorts;
import dev.ewallet.ledger.domain.account.Account;
import dev.ewallet.ledger.domain.account.AccountId;
import dev.ewallet.ledger.domain.journal.PostedTransaction;
import dev.ewallet.ledger.domain.journal.TransactionId;
import dev.ewallet.ledger.domain.limits.OutgoingLimits;
import dev.ewallet.ledger.domain.limits.OutgoingUsage;
import dev.ewallet.ledger.domain.monitor.BalanceMonitor;
import dev.ewallet.ledger.domain.monitor.MonitorWatch;
import dev.ewallet.ledger.domain.movement.Movement;
import dev.ewallet.ledger.domain.movement.SettledRow;
import dev.ewallet.ledger.domain.movement.Undone;
import dev.ewallet.ledger.domain.port.out.AccountRepository;
import dev.ewallet.ledger.domain.port.out.BalanceMonitorRepository;
import dev.ewallet.ledger.domain.port.out.HoldRepository;
import dev.ewallet.ledger.domain.port.out.JournalRepository;
import dev.ewallet.ledger.domain.port.out.PendingDepositRepository;
import dev.ewallet.ledger.domain.port.out.WithdrawalRepository;
import java.time.Clock;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SortedSet;
import java.util.TreeSet;

/**
 * The first half of a batch's unit of work: takes the row locks every movement of the batch names
 * and reads, under them, what the movements plan against. Holds no state of its own.
 */
final class BatchLocks {

  private final AccountRepository accounts;
  private final JournalRepository journal;
  private final HoldRepository holds;
  private final WithdrawalRepository withdrawals;
  private final PendingDepositRepository pendingDeposits;
  private final BalanceMonitorRepository monitors;
  private final OutgoingLimits outgoing;
  private final Clock clock;

  BatchLocks(LedgerPorts ports, OutgoingLimits outgoing, Clock clock) {
    this.accounts = ports.accounts();
    this.journal = ports.journal();
    this.holds = ports.holds();
    this.withdrawals = ports.withdrawals();
    this.pendingDeposits = ports.pendingDeposits();
    this.monitors = ports.monitors();
    this.outgoing = outgoing;
    this.clock = clock;
  }

  /**
   * The rows of the requests, locked ({@code slot} picks the shards serving system accounts: see
   * {@link #shardsServing}), with the batch's posting time, the locked wallets' outgoing allowances
   * and balance monitors, and what has undone the originals of its reversals and refunds.
   */
  WorkingRows take(List<PostingRequest> fresh, int slot) {
    WorkingRows working = new WorkingRows();
    working.serveBy(shardsServing(fresh, slot));
    lock(fresh, working);
    // Read after the locks, so that an account's entries are in time order as they are in posting
    // order. Storage keeps microseconds: truncating makes every reply equal what a later read
    // returns.
    Instant at = working.postingTime(clock.instant().truncatedTo(ChronoUnit.MICROS));
    working.postAt(at);
    loadAllowances(working, at);
    loadMonitors(working);
    loadUndone(fresh, working);
    return working;
  }

  /**
   * Accounts first, in one statement in ascending id order; then holds; then withdrawals; then
   * pending deposits.
   */
  private void lock(List<PostingRequest> fresh, WorkingRows locked) {
    SortedSet<AccountId> accountIds = new TreeSet<>();
    SortedSet<TransactionId> holdIds = new TreeSet<>();
    SortedSet<TransactionId> withdrawalIds = new TreeSet<>();
    SortedSet<TransactionId> pendingDepositIds = new TreeSet<>();
    for (PostingRequest request : fresh) {
      Movement movement = request.movement();
      accountIds.addAll(locked.rowsOf(request));
      switch (movement.settles()) {
        case SettledRow.HoldRow hold -> holdIds.add(hold.id());
        case SettledRow.WithdrawalRow withdrawal -> withdrawalIds.add(withdrawal.id());
        case SettledRow.PendingDepositRow pending -> pendingDepositIds.add(pending.id());
        case null -> {}
      }
    }
    if (!accountIds.isEmpty()) {
      accounts.lockForUpdate(accountIds).forEach(locked::put);
    }
    if (!holdIds.isEmpty()) {
      holds.lockHolds(holdIds).forEach(locked::put);
    }
    if (!withdrawalIds.isEmpty()) {
      withdrawals.lockWithdrawals(withdrawalIds).forEach(locked::put);
    }
    if (!pendingDepositIds.isEmpty()) {
      pendingDeposits.lockPendingDeposits(pendingDepositIds).forEach(locked::put);
    }
  }

  /**
   * The shard serving each sharded system account the requests may post to on any shard: the one at
   * the writer's {@code slot} (modulo the count), so that two writers' batches, each on its own
   * shard, never wait for each other's row ({@link #keptFromOtherBatches}).
   */
  private Map<AccountId, AccountId> shardsServing(List<PostingRequest> fresh, int slot) {
    Map<AccountId, AccountId> serving = new HashMap<>();
    for (PostingRequest request : fresh) {
      for (AccountId system : request.movement().onAnyShard()) {
        if (!serving.containsKey(system)) {
          List<AccountId> shards = accounts.systemShards(system);
          if (!shards.isEmpty()) {
            serving.put(system, shards.get(Math.floorMod(slot, shards.size())));
          }
        }
      }
    }
    return serving;
  }

  /**
   * The accounts a batch holding the request keeps from the other writers' batches in flight: all
   * its movement names, except the sharded system accounts it may post to on any shard, which each
   * writer serves by a shard of its own, and the suspense account it locks, if any.
   */
  Set<AccountId> keptFromOtherBatches(PostingRequest request) {
    Movement movement = request.movement();
    if (movement.onAnyShard().isEmpty() && request.suspense() == null) {
      return movement.accountsToLock();
    }
    Set<AccountId> kept = new HashSet<>(movement.accountsToLock());
    movement
        .onAnyShard()
        .forEach(system -> {
          if (!accounts.systemShards(system).isEmpty()) {
            kept.remove(system);
          }
        });
    if (request.suspense() != null) {
      kept.add(request.suspense());
    }
    return kept;
  }

  /**
   * The outgoing allowance of every wallet the batch locked, for the UTC day and month of its
   * posting time: the wallet's own limits or its currency's defaults, and what has left it, read
   * with the rows locked so that no other batch can spend from it meanwhile.
   */
  private void loadAllowances(WorkingRows working, Instant now) {
    List<Account> wallets =
        working.accounts().values().stream().filter(a -> a.kind().isWallet()).toList();
    if (wallets.isEmpty()) {
      return;
    }
    Map<AccountId, OutgoingUsage> usage =
        accounts.outgoing(wallets.stream().map(Account::id).toList(), WorkingRows.day(now));
    for (Account wallet : wallets) {
      working.loaded(
          wallet.id(),
          outgoing.allowance(
              wallet.currency(), usage.getOrDefault(wallet.id(), OutgoingUsage.NONE)));
    }
  }

  /**
   * The balance monitors of the locked wallets, read under their locks: a monitor set meanwhile
   * took the same lock, so each posting is compared with the edge the one before it left. The held
   * and pending amounts are read only for wallets with a monitor on them: every movement that
   * changes a wallet's rows locks the wallet, so they too stay as read.
   */
  private void loadMonitors(WorkingRows working) {
    List<AccountId> wallets =
        working.accounts().values().stream()
            .filter(a -> a.kind().isWallet())
            .map(Account::id)
            .toList();
    if (wallets.isEmpty()) {
      return;
    }
    List<BalanceMonitor> stored = monitors.ofAccounts(wallets);
    Set<AccountId> besideBalance = MonitorWatch.watchingBesideBalance(stored);
    working.watch(
        new MonitorWatch(
            stored,
            besideBalance.isEmpty() ? Map.of() : monitors.amountsBesideBalance(besideBalance)));
  }

  /**
   * What has undone each original the batch's reversals and refunds name, read with the original's
   * accounts locked: every undo of a transaction locks them too, so one committed meanwhile is
   * seen.
   */
  private void loadUndone(List<PostingRequest> fresh, WorkingRows working) {
    Set<TransactionId> originals = new HashSet<>();
    for (PostingRequest request : fresh) {
      TransactionId original = request.movement().undoes();
      if (original != null && originals.add(original)) {
        boolean reversed =
            journal.findById(original).map(PostedTransaction::reversedBy).isPresent();
        working.put(original, new Undone(reversed, journal.refundedMinor(original)));
      }
    }
  }
}
