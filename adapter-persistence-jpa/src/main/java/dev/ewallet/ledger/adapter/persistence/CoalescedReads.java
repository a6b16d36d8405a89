package dev.ewallet.ledger.adapter.persistence;

import dev.ewallet.ledger.domain.deadline.RequestDeadline;
import java.sql.SQLTimeoutException;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.locks.LockSupport;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.IntConsumer;
import org.springframework.dao.QueryTimeoutException;

/**
 * Reads of one key each, asked for at the same time by different requests, answered by one
 * statement for all their keys: the database's work per statement (a round trip, a snapshot, the
 * protocol's messages, a pooled connection's checkout) shared by the reads that wait together, as
 * group commit shares a posting's (docs/benchmarks.md, "Reads answered together").
 *
 * <p>No timer. A request that finds fewer than {@code maxInFlight} statements running runs one at
 * once, for whatever is queued, itself included, so a quiet service reads as it would alone. One
 * that comes while every slot is busy queues; when a statement ends, the request at the head of the
 * queue takes its slot and reads for everyone queued (at most {@code maxBatch}). Under load each
 * statement carries what came while the last one ran.
 *
 * <p>A request is answered by a statement that started after it queued, so it sees every write
 * committed before it asked. Only requests with a {@link RequestDeadline} come here: a statement
 * runs bounded by the latest deadline among those it serves, each request waits no longer than its
 * own (then fails as a statement timeout would, answered 503), and a failure of the statement is
 * the failure of each request it served.
 *
 * @param <K> the key read
 * @param <V> what is read for it
 */
final class CoalescedReads<K, V> {

  /** Reads distinct keys in one statement; a key that has no value is absent from the answer. */
  @FunctionalInterface
  interface ReadAll<K, V> {
    Map<K, V> read(Collection<K> keys);
  }

  private final ReadAll<K, V> readAll;
  private final int maxBatch;
  private final int maxInFlight;
  private final IntConsumer batchSizes;
  private final ReentrantLock lock = new ReentrantLock();
  private final ArrayDeque<Waiter<K, V>> queue = new ArrayDeque<>();
  private int inFlight;

  /**
   * @param readAll the statement for many keys
   * @param maxBatch the most keys one statement reads
   * @param maxInFlight how many statements may run at once
   * @param batchSizes told how many requests each statement served
   */
  CoalescedReads(ReadAll<K, V> readAll, int maxBatch, int maxInFlight, IntConsumer batchSizes) {
    if (maxBatch < 1 || maxInFlight < 1) {
      throw new IllegalArgumentException("maxBatch and maxInFlight are at least 1");
    }
    this.readAll = readAll;
    this.maxBatch = maxBatch;
    this.maxInFlight = maxInFlight;
    this.batchSizes = batchSizes;
  }

  /**
   * The value of {@code key}, read together with the keys of the requests waiting beside this one.
   *
   * @param key never {@code null}
   * @param timeLeft what is left of the calling request's deadline
   * @throws QueryTimeoutException when no statement answered within {@code timeLeft}
   */
  Optional<V> read(K key, Duration timeLeft) {
    Waiter<K, V> me =
        new Waiter<>(key, Thread.currentThread(), System.nanoTime() + timeLeft.toNanos());
    lock.lock();
    try {
      queue.addLast(me);
      if (inFlight < maxInFlight) {
        inFlight++;
        me.leads = true;
      }
    } finally {
      lock.unlock();
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
            "no read answered in time",
            new SQLTimeoutException("the request's deadline passed while its read waited"));
      }
      LockSupport.parkNanos(this, Math.max(left, 0));
    }
  }

  /**
   * A request whose time is up stops waiting, unless it has just been handed a slot (it then reads
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
    } finally {
      lock.unlock();
    }
    try {
      if (!batch.isEmpty()) {
        read(batch);
      }
    } finally {
      handOn();
    }
  }

  private void read(List<Waiter<K, V>> batch) {
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
      values = readAll.read(keys);
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

  /** The slot goes to the request at the head of the queue, or is given up when none waits. */
  private void handOn() {
    Waiter<K, V> next;
    lock.lock();
    try {
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
