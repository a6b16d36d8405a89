package dev.ewallet.ledger.adapter.persistence;

import dev.ewallet.ledger.runtime.DeadlineWatch;
import dev.ewallet.ledger.runtime.RequestDeadline;
import java.sql.SQLTimeoutException;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collection;
import java.util.IdentityHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;
import java.util.concurrent.locks.LockSupport;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.IntConsumer;
import java.util.stream.Stream;
import org.springframework.dao.QueryTimeoutException;
import org.springframework.transaction.support.TransactionSynchronizationManager;

/**
 * Statements of one key each, asked for at the same time by different requests, run as one
 * statement for all their keys: the database's work per statement (a round trip, a snapshot, the
 * protocol's messages, a pooled connection's checkout, and for a write its commit) shared by the
 * requests that wait together, as group commit shares a posting's. The reads of accounts and of
 * newest history pages come here (docs/benchmarks/log.md, "Reads answered together"), and the notes
 * that the bank was asked about a withdrawal ("Withdrawals: the payout notes together").
 *
 * <p>No timer. A request that finds fewer than {@code maxInFlight} statements running runs one at
 * once, for whatever is queued, itself included, so a quiet service runs it as it would alone. One
 * that comes while every slot is busy queues; when a statement ends, the request at the head of the
 * queue takes its slot and runs the next for everyone queued (at most {@code maxBatch}). Under load
 * each statement carries what came while the last one ran.
 *
 * <p>A request is answered by a statement that started after it queued, so it sees every write
 * committed before it asked. Only requests with a {@link RequestDeadline} come here: a statement
 * runs bounded by the latest deadline among those it serves, each request waits no longer than its
 * own (then fails as a statement timeout would, answered 503), and a failure of the statement is
 * the failure of each request it served.
 *
 * <p>A waiting request parks without a timeout: its deadline is kept by one {@link DeadlineWatch}
 * per instance, whose sweep wakes the requests whose time is up. Under load it fires about once per
 * request timeout instead of each park scheduling (and each answer cancelling) a timer of its own,
 * which cost a tenth of a balance read's CPU (docs/benchmarks/log.md, "Reads: one timer for the
 * waiting reads").
 *
 * <p>Why this file is longer than the project's 300 lines: the queue, the running statements' slots
 * and the waiting requests are one piece of shared state, changed under one lock; whether a request
 * runs a statement, waits, or gives up at its deadline depends on all of them at once.
 *
 * @param <K> the key of a request
 * @param <V> what the statement answers for it
 */
public final class CoalescedStatements<K, V> {

  /**
   * One statement for distinct keys; a key the statement has no answer for is absent from the map.
   */
  @FunctionalInterface
  public interface ForAll<K, V> {
    Map<K, V> run(Collection<K> keys);
  }

  private final ForAll<K, V> forAll;
  private final int maxBatch;
  private final int maxInFlight;
  private final IntConsumer batchSizes;
  private final ReentrantLock lock = new ReentrantLock();
  private final ArrayDeque<Waiter<K, V>> queue = new ArrayDeque<>();
  // The batches whose statements run: their requests wait too, each until its own deadline.
  private final Map<List<Waiter<K, V>>, Thread> running = new IdentityHashMap<>();
  private int inFlight;
  private final DeadlineWatch deadlines =
      new DeadlineWatch("coalesced-statements-deadline", this::wakeTheLate);

  /**
   * @param forAll the statement for many keys
   * @param maxBatch the most keys one statement takes
   * @param maxInFlight how many statements may run at once
   * @param batchSizes told how many requests each statement served
   */
  public CoalescedStatements(
      ForAll<K, V> forAll, int maxBatch, int maxInFlight, IntConsumer batchSizes) {
    if (maxBatch < 1 || maxInFlight < 1) {
      throw new IllegalArgumentException("maxBatch and maxInFlight are at least 1");
    }
    this.forAll = forAll;
    this.maxBatch = maxBatch;
    this.maxInFlight = maxInFlight;
    this.batchSizes = batchSizes;
  }

  /**
   * What is left of the calling request's deadline when its statement may wait to be shared; empty
   * when it must run alone: it serves no request (a job's), or it is inside a unit of work, whose
   * connection alone sees the unit's writes.
   */
  public static Optional<Duration> timeToWait() {
    return TransactionSynchronizationManager.isActualTransactionActive()
        ? Optional.empty()
        : RequestDeadline.remaining();
  }

  /**
   * The answer for {@code key}, by one statement for it and the keys of the requests waiting beside
   * this one.
   *
   * @param key never {@code null}
   * @param timeLeft what is left of the calling request's deadline
   * @throws QueryTimeoutException when no statement answered within {@code timeLeft}
   */
  public Optional<V> run(K key, Duration timeLeft) {
    Waiter<K, V> me =
        new Waiter<>(key, Thread.currentThread(), System.nanoTime() + timeLeft.toNanos());
    boolean runsAtOnce;
    lock.lock();
    try {
      queue.addLast(me);
      runsAtOnce = inFlight < maxInFlight;
      if (runsAtOnce) {
        inFlight++;
        me.leads = true;
      }
    } finally {
      lock.unlock();
    }
    if (!runsAtOnce) {
      deadlines.watch(me.deadlineNanos);
    }
    return await(me);
  }

  /** How many requests wait for a statement to take them (for tests). */
  int queued() {
    lock.lock();
    try {
      return queue.size();
    } finally {
      lock.unlock();
    }
  }

  private Optional<V> await(Waiter<K, V> me) {
    while (true) {
      Object outcome = me.outcome;
      if (outcome != null) {
        return me.answer(outcome);
      }
      if (me.leads) {
        me.leads = false;
        runOne();
        continue;
      }
      long left = me.deadlineNanos - System.nanoTime();
      if (left <= 0 && abandon(me)) {
        throw new QueryTimeoutException(
            "no statement answered in time",
            new SQLTimeoutException(
                "the request's deadline passed while it waited for a shared statement"));
      }
      LockSupport.park(this);
    }
  }

  /**
   * Wakes each waiting request whose deadline has passed (it then gives up, as its own timed wait
   * would have) and tells the earliest deadline still ahead.
   */
  private OptionalLong wakeTheLate(long now) {
    List<Thread> late = new ArrayList<>();
    OptionalLong ahead = OptionalLong.empty();
    lock.lock();
    try {
      Iterable<Waiter<K, V>> waiting =
          Stream.concat(
                  queue.stream(),
                  running.entrySet().stream()
                      .flatMap(batch ->
                          batch.getKey().stream()
                              .filter(waiter -> waiter.thread != batch.getValue())))
              ::iterator;
      for (Waiter<K, V> waiter : waiting) {
        if (waiter.outcome != null || waiter.leads) {
          continue;
        }
        if (waiter.deadlineNanos - now <= 0) {
          late.add(waiter.thread);
        } else {
          ahead = DeadlineWatch.earlier(ahead, waiter.deadlineNanos);
        }
      }
    } finally {
      lock.unlock();
    }
    late.forEach(LockSupport::unpark);
    return ahead;
  }

  /**
   * A request whose time is up stops waiting, unless it has just been handed a slot (it then runs
   * for those queued, itself included) or has been answered meanwhile.
   */
  private boolean abandon(Waiter<K, V> me) {
    lock.lock();
    try {
      if (me.leads || me.outcome != null) {
        return false;
      }
      queue.remove(me);
      return true;
    } finally {
      lock.unlock();
    }
  }

  /**
   * Runs one statement for what is queued, in the slot the caller holds, then hands the slot on.
   */
  private void runOne() {
    List<Waiter<K, V>> batch = new ArrayList<>();
    lock.lock();
    try {
      while (batch.size() < maxBatch && !queue.isEmpty()) {
        batch.add(queue.pollFirst());
      }
      running.put(batch, Thread.currentThread());
    } finally {
      lock.unlock();
    }
    try {
      if (!batch.isEmpty()) {
        runFor(batch);
      }
    } finally {
      handOn(batch);
    }
  }

  private void runFor(List<Waiter<K, V>> batch) {
    Set<K> keys = new LinkedHashSet<>();
    long deadline = batch.getFirst().deadlineNanos;
    for (Waiter<K, V> waiter : batch) {
      keys.add(waiter.key);
      deadline = Math.max(deadline, waiter.deadlineNanos);
    }
    batchSizes.accept(batch.size());
    Map<K, V> values;
    try (RequestDeadline.Scope scope =
        RequestDeadline.start(Duration.ofNanos(deadline - System.nanoTime()))) {
      values = forAll.run(keys);
    } catch (RuntimeException | Error failure) {
      // Each request rethrows it, the one running the statement too once its own answer comes.
      for (Waiter<K, V> waiter : batch) {
        waiter.settle(failure);
      }
      return;
    }
    for (Waiter<K, V> waiter : batch) {
      waiter.settle(Optional.ofNullable(values.get(waiter.key)));
    }
  }

  /**
   * The statement for {@code batch} has ended: the slot goes to the request at the head of the
   * queue, or is given up when none waits.
   */
  private void handOn(List<Waiter<K, V>> batch) {
    Waiter<K, V> next;
    lock.lock();
    try {
      running.remove(batch);
      next = queue.peekFirst();
      if (next == null) {
        inFlight--;
        return;
      }
      next.leads = true;
    } finally {
      lock.unlock();
    }
    LockSupport.unpark(next.thread);
  }

  private static final class Waiter<K, V> {

    final K key;
    final Thread thread;
    final long deadlineNanos;
    // Set under the lock; read by the waiter's own thread.
    volatile boolean leads;
    // An Optional (the answer) or a Throwable (the statement's failure), once settled.
    volatile Object outcome;

    Waiter(K key, Thread thread, long deadlineNanos) {
      this.key = key;
      this.thread = thread;
      this.deadlineNanos = deadlineNanos;
    }

    void settle(Object result) {
      outcome = result;
      if (thread != Thread.currentThread()) {
        LockSupport.unpark(thread);
      }
    }

    @SuppressWarnings("unchecked")
    Optional<V> answer(Object result) {
      if (result instanceof RuntimeException failure) {
        throw failure;
      }
      if (result instanceof Error failure) {
        throw failure;
      }
      return (Optional<V>) result;
    }
  }
}
