package dev.ewallet.ledger.testkit;

import dev.ewallet.ledger.domain.account.Account;
import dev.ewallet.ledger.domain.account.AccountId;
import dev.ewallet.ledger.domain.account.AccountStatusChanged;
import dev.ewallet.ledger.domain.bankflow.Hold;
import dev.ewallet.ledger.domain.bankflow.PendingDeposit;
import dev.ewallet.ledger.domain.bankflow.Withdrawal;
import dev.ewallet.ledger.domain.hotaccount.HotAccountDecision;
import dev.ewallet.ledger.domain.hotaccount.SplittingPolicy;
import dev.ewallet.ledger.domain.journal.IdempotencyKey;
import dev.ewallet.ledger.domain.journal.LedgerEntry;
import dev.ewallet.ledger.domain.journal.LedgerEvent;
import dev.ewallet.ledger.domain.journal.RequestFingerprint;
import dev.ewallet.ledger.domain.journal.SuspenseItem;
import dev.ewallet.ledger.domain.journal.TransactionId;
import dev.ewallet.ledger.domain.limits.OutgoingUsage;
import dev.ewallet.ledger.domain.monitor.BalanceMonitor;
import dev.ewallet.ledger.domain.monitor.MonitorTriggered;
import dev.ewallet.ledger.domain.port.out.JournalClaim;
import dev.ewallet.ledger.domain.port.out.StatusChange;
import dev.ewallet.ledger.domain.port.out.UnitOfWork;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Supplier;

/**
 * The in-memory database the testkit's adapters share, and its {@link UnitOfWork}. One lock
 * serializes units of work (the strongest isolation, which is what row locks give each posting),
 * and a failed unit of work restores the state it started from, as a database rollback does.
 */
public final class InMemoryStore implements UnitOfWork {

  record Header(JournalClaim claim) {}

  /** An outbox row: exactly one of a ledger event, a monitor's or a freeze's. */
  record StoredEvent(
      long id,
      LedgerEvent event,
      MonitorTriggered fired,
      AccountStatusChanged statusChanged,
      Instant publishedAt) {}

  /** A pending deposit with the key that announced it and the key that failed it, if one did. */
  record PendingRow(
      PendingDeposit deposit,
      long principalId,
      IdempotencyKey key,
      RequestFingerprint fingerprint,
      String failureKey) {

    /** The principal and key that failed it, as one value. */
    static String failureKey(long principalId, IdempotencyKey key) {
      return principalId + ":" + key.value();
    }

    PendingRow with(PendingDeposit changed, String failedWith) {
      return new PendingRow(changed, principalId, key, fingerprint, failedWith);
    }
  }

  /** The tables. Copied at the start of each unit of work so that a failure can restore them. */
  record State(
      TreeMap<Long, Account> accounts,
      Map<TransactionId, Header> headers,
      Map<String, TransactionId> keys,
      Map<TransactionId, TransactionId> reversedBy,
      List<LedgerEntry> entries,
      List<StoredEvent> events,
      Map<TransactionId, Withdrawal> withdrawals,
      Map<TransactionId, Hold> holds,
      Map<TransactionId, PendingRow> pendingDeposits,
      List<StatusChange> statusChanges,
      Map<AccountId, OutgoingUsage> accountLimits,
      Map<String, Long> outgoingUsage,
      TreeMap<Long, BalanceMonitor> monitors,
      Map<AccountId, SplittingPolicy> splittingPolicies,
      List<HotAccountDecision> hotAccountDecisions,
      Map<TransactionId, SuspenseItem> suspense) {

    State copy() {
      return new State(
          new TreeMap<>(accounts),
          new HashMap<>(headers),
          new HashMap<>(keys),
          new HashMap<>(reversedBy),
          new ArrayList<>(entries),
          new ArrayList<>(events),
          new HashMap<>(withdrawals),
          new HashMap<>(holds),
          new HashMap<>(pendingDeposits),
          new ArrayList<>(statusChanges),
          new HashMap<>(accountLimits),
          new HashMap<>(outgoingUsage),
          new TreeMap<>(monitors),
          new HashMap<>(splittingPolicies),
          new ArrayList<>(hotAccountDecisions),
          new LinkedHashMap<>(suspense));
    }
  }

  private final ReentrantLock lock = new ReentrantLock();
  private State state =
      new State(
          new TreeMap<>(),
          new HashMap<>(),
          new HashMap<>(),
          new HashMap<>(),
          new ArrayList<>(),
          new ArrayList<>(),
          new HashMap<>(),
          new HashMap<>(),
          new HashMap<>(),
          new ArrayList<>(),
          new HashMap<>(),
          new HashMap<>(),
          new TreeMap<>(),
          new HashMap<>(),
          new ArrayList<>(),
          new LinkedHashMap<>());
  private boolean inTransaction;
  // Like a database sequence, ids are not given back by a rollback.
  private long nextAccountId = 1;
  private long nextMonitorId = 1;
  private long nextDecisionId = 1;

  @Override
  public <T> T inTransaction(Supplier<T> work) {
    lock.lock();
    State before = state.copy();
    boolean outer = !inTransaction;
    inTransaction = true;
    try {
      return work.get();
    } catch (RuntimeException | Error e) {
      state = before;
      throw e;
    } finally {
      if (outer) {
        inTransaction = false;
      }
      lock.unlock();
    }
  }

  /** Runs a read (or a write that needs no unit of work) under the store's lock. */
  <T> T locked(Supplier<T> read) {
    lock.lock();
    try {
      return read.get();
    } finally {
      lock.unlock();
    }
  }

  /** The tables; callers hold the lock. */
  State state() {
    return state;
  }

  long nextAccountId() {
    return nextAccountId++;
  }

  long nextMonitorId() {
    return nextMonitorId++;
  }

  long nextDecisionId() {
    return nextDecisionId++;
  }

  /** What a real adapter's port methods demand: a unit of work on this thread. */
  void requireTransaction() {
    if (!inTransaction || !lock.isHeldByCurrentThread()) {
      throw new IllegalStateException("must run inside UnitOfWork.inTransaction");
    }
  }
}
