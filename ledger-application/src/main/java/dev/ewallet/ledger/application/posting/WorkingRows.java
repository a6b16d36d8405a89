package dev.ewallet.ledger.application.posting;

import dev.ewallet.ledger.domain.account.Account;
import dev.ewallet.ledger.domain.account.AccountId;
import dev.ewallet.ledger.domain.account.EntryHash;
import dev.ewallet.ledger.domain.bankflow.Hold;
import dev.ewallet.ledger.domain.bankflow.PendingDeposit;
import dev.ewallet.ledger.domain.bankflow.Withdrawal;
import dev.ewallet.ledger.domain.error.HoldNotFoundException;
import dev.ewallet.ledger.domain.error.PendingDepositNotFoundException;
import dev.ewallet.ledger.domain.error.WithdrawalNotFoundException;
import dev.ewallet.ledger.domain.journal.TransactionId;
import dev.ewallet.ledger.domain.limits.OutgoingAllowance;
import dev.ewallet.ledger.domain.monitor.MonitorWatch;
import dev.ewallet.ledger.domain.movement.LockedRows;
import dev.ewallet.ledger.domain.movement.Movement;
import dev.ewallet.ledger.domain.movement.Undone;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SortedSet;
import java.util.TreeSet;

/**
 * The rows a batch locked, as the batch has changed them so far: each movement sees the balances,
 * bank-flow states, undo states and outgoing allowances the movements before it in the batch left,
 * and the shards serving the system accounts it may post to on any shard.
 */
final class WorkingRows implements LockedRows {

  private final Map<AccountId, Account> accounts = new HashMap<>();
  private final Map<AccountId, EntryHash> chainEndsWhenLocked = new HashMap<>();
  private final Map<TransactionId, Hold> holds = new HashMap<>();
  private final Map<TransactionId, Withdrawal> withdrawals = new HashMap<>();
  private final Map<TransactionId, PendingDeposit> pendingDeposits = new HashMap<>();
  private final Map<TransactionId, Undone> undone = new HashMap<>();
  private final Map<AccountId, OutgoingAllowance> allowances = new HashMap<>();
  private final Map<AccountId, OutgoingAllowance> allowancesChanged = new HashMap<>();
  private MonitorWatch monitors = new MonitorWatch(List.of(), Map.of());
  private Map<AccountId, AccountId> serving = Map.of();
  private Instant at;

  /**
   * The shard that serves each system account the batch's movements may post to on any shard
   * ({@link Movement#onAnyShard}); set before the locks, as it names rows to lock.
   */
  void serveBy(Map<AccountId, AccountId> shards) {
    serving = Map.copyOf(shards);
  }

  /**
   * The rows the request's movement names, each system account it may post to on any shard replaced
   * by the shard serving it in this batch, and the suspense account the request locks, if any.
   */
  SortedSet<AccountId> rowsOf(PostingRequest request) {
    Movement movement = request.movement();
    Set<AccountId> anyShard = movement.onAnyShard();
    SortedSet<AccountId> rows = new TreeSet<>();
    for (AccountId id : movement.accountsToLock()) {
      rows.add(servingRow(anyShard, id));
    }
    if (request.suspense() != null) {
      rows.add(request.suspense());
    }
    return rows;
  }

  /** The row serving {@code id} for a movement that may post to {@code anyShard} on any shard. */
  private AccountId servingRow(Set<AccountId> anyShard, AccountId id) {
    return anyShard.contains(id) ? serving.getOrDefault(id, id) : id;
  }

  /**
   * The rows as the movement plans against them: the batch's, except that each system account it
   * may post to on any shard is the shard serving it in this batch.
   */
  LockedRows seenBy(Movement movement) {
    Set<AccountId> anyShard = movement.onAnyShard();
    if (anyShard.isEmpty() || serving.isEmpty()) {
      return this;
    }
    WorkingRows rows = this;
    return new LockedRows() {
      @Override
      public Account account(AccountId id) {
        return rows.account(rows.servingRow(anyShard, id));
      }

      @Override
      public Map<AccountId, Account> accounts() {
        return rows.accounts();
      }

      @Override
      public Hold hold(TransactionId id) {
        return rows.hold(id);
      }

      @Override
      public Withdrawal withdrawal(TransactionId id) {
        return rows.withdrawal(id);
      }

      @Override
      public PendingDeposit pendingDeposit(TransactionId id) {
        return rows.pendingDeposit(id);
      }

      @Override
      public Undone undone(TransactionId original) {
        return rows.undone(original);
      }
    };
  }

  @Override
  public Map<AccountId, Account> accounts() {
    return Collections.unmodifiableMap(accounts);
  }

  @Override
  public Account account(AccountId id) {
    Account account = accounts.get(id);
    if (account == null) {
      throw new IllegalStateException("account " + id + " is not locked");
    }
    return account;
  }

  /** Whether the account exists and was locked. */
  boolean locked(AccountId id) {
    return accounts.containsKey(id);
  }

  /**
   * The batch's posting time: the clock's {@code now}, or the newest entry time of a locked account
   * when that is later, so that no account's entries go out of time order.
   */
  Instant postingTime(Instant now) {
    Instant time = now;
    for (Account account : accounts.values()) {
      time = account.earliestPostingTime(time);
    }
    return time;
  }

  /** The batch's posting time, taken once its rows are locked. */
  void postAt(Instant postingTime) {
    if (at != null) {
      throw new IllegalStateException("the batch's posting time is taken once");
    }
    at = postingTime;
  }

  Instant at() {
    if (at == null) {
      throw new IllegalStateException("the batch's posting time is taken after its locks");
    }
    return at;
  }

  /** The UTC day of {@code at}: the window of daily outgoing limits. */
  static LocalDate day(Instant at) {
    return LocalDate.ofInstant(at, ZoneOffset.UTC);
  }

  @Override
  public Hold hold(TransactionId id) {
    Hold hold = holds.get(id);
    if (hold == null) {
      throw new HoldNotFoundException(id.toString());
    }
    return hold;
  }

  @Override
  public Withdrawal withdrawal(TransactionId id) {
    Withdrawal withdrawal = withdrawals.get(id);
    if (withdrawal == null) {
      throw new WithdrawalNotFoundException(id.toString());
    }
    return withdrawal;
  }

  @Override
  public PendingDeposit pendingDeposit(TransactionId id) {
    PendingDeposit pending = pendingDeposits.get(id);
    if (pending == null) {
      throw new PendingDepositNotFoundException(id.toString());
    }
    return pending;
  }

  @Override
  public Undone undone(TransactionId original) {
    Undone state = undone.get(original);
    if (state == null) {
      throw new IllegalStateException("the undo state of " + original + " was not read");
    }
    return state;
  }

  void put(Account account) {
    accounts.put(account.id(), account);
    chainEndsWhenLocked.putIfAbsent(account.id(), account.lastHash());
  }

  /** Where the account's hash chain ended when it was locked, before the batch changed it. */
  EntryHash chainEndWhenLocked(AccountId id) {
    return chainEndsWhenLocked.get(id);
  }

  /** A wallet's outgoing allowance as the batch has left it; {@code null} for other accounts. */
  OutgoingAllowance allowance(AccountId id) {
    return allowances.get(id);
  }

  /** The wallet's allowance when the batch began, read with its lock. */
  void loaded(AccountId id, OutgoingAllowance allowance) {
    allowances.put(id, allowance);
  }

  /** The wallet's allowance after a movement of the batch spent or gave back from it. */
  void put(AccountId id, OutgoingAllowance allowance) {
    allowances.put(id, allowance);
    allowancesChanged.put(id, allowance);
  }

  /** The allowances the batch changed, to store with its writes. */
  Map<AccountId, OutgoingAllowance> allowancesChanged() {
    return Collections.unmodifiableMap(allowancesChanged);
  }

  void put(Hold hold) {
    holds.put(hold.id(), hold);
  }

  void put(Withdrawal withdrawal) {
    withdrawals.put(withdrawal.id(), withdrawal);
  }

  void put(PendingDeposit pending) {
    pendingDeposits.put(pending.id(), pending);
  }

  /** What has undone {@code original}: as read under the locks, then after the batch's undos. */
  void put(TransactionId original, Undone state) {
    undone.put(original, state);
  }

  /** The locked accounts' balance monitors, as read under the locks. */
  void watch(MonitorWatch watch) {
    monitors = watch;
  }

  MonitorWatch monitors() {
    return monitors;
  }
}
