package dev.ewallet.ledger.runtime;

import java.time.Duration;
import java.util.OptionalLong;
import java.util.concurrent.locks.LockSupport;
import java.util.concurrent.locks.ReentrantLock;

/**
 * One timer for many waiting threads. A thread that waits for an answer until a deadline parks
 * without a timeout and tells this watch its deadline ({@link #watch}); the watch sleeps until the
 * earliest deadline it was told, then runs its owner's {@link Sweep}, which gives up on behalf of
 * every waiter whose time is up and names the earliest deadline still ahead, for which the watch
 * arms itself again.
 *
 * <p>Why: on JDK 25 each timed park of a virtual thread schedules a task on the scheduler's timer
 * thread, waking that platform thread, and each answer before the deadline cancels it again. Under
 * load, with every request waiting on its own timer, that machinery cost a tenth of a request's CPU
 * (docs/benchmarks/log.md, "Reads: one timer for the waiting reads"). With one watch, a timed park
 * happens once per sweep, about once per deadline interval however many requests wait.
 *
 * <p>The watch sweeps at most once per millisecond: a waiter may be given up on up to that much
 * after its deadline, and a stalled queue of thousands is scanned a bounded number of times. A
 * deadline told while a sweep runs is kept for the next, so none is lost between the sweep's scan
 * and its re-arming. The sweep runs on the watch's own virtual thread, never under the watch's
 * lock, so it may take the owner's locks; {@link #watch} may be called under them.
 */
public final class DeadlineWatch {

  /** Gives up on the late waiters of its owner. */
  @FunctionalInterface
  public interface Sweep {

    /**
     * Gives up on every waiter whose deadline is at or before {@code nowNanos} (it then answers or
     * fails as its own timed wait would have).
     *
     * @param nowNanos {@link System#nanoTime()} when the sweep started
     * @return the earliest deadline of the waiters still waiting, or empty when none waits
     */
    OptionalLong giveUpOnTheLate(long nowNanos);
  }

  private static final long GRAIN_NANOS = Duration.ofMillis(1).toNanos();

  /**
   * The earlier of the deadline found so far (none yet when empty) and {@code deadlineNanos},
   * compared as {@link System#nanoTime()} values must be, by their difference: how a sweep folds
   * the deadlines still ahead into the one it tells.
   */
  public static OptionalLong earlier(OptionalLong soFar, long deadlineNanos) {
    return soFar.isEmpty() || deadlineNanos - soFar.getAsLong() < 0
        ? OptionalLong.of(deadlineNanos)
        : soFar;
  }

  private final String name;
  private final Sweep sweep;
  private final ReentrantLock lock = new ReentrantLock();
  // Armed: a watch thread sleeps until `at` (System.nanoTime) and then sweeps.
  private boolean armed;
  private long at;
  // While a sweep runs, the earliest deadline told meanwhile, which its scan may have missed.
  private boolean sweeping;
  private OptionalLong toldWhileSweeping = OptionalLong.empty();

  /**
   * @param name the watch thread's name
   * @param sweep what the watch runs once a deadline it was told has passed
   */
  public DeadlineWatch(String name, Sweep sweep) {
    this.name = name;
    this.sweep = sweep;
  }

  /**
   * Makes sure a sweep runs at or after {@code deadlineNanos} ({@link System#nanoTime()}), and not
   * much later. Call it once the waiter can be seen by the sweep.
   */
  public void watch(long deadlineNanos) {
    lock.lock();
    try {
      if (sweeping) {
        toldWhileSweeping = earlier(toldWhileSweeping, deadlineNanos);
      } else if (!armed || deadlineNanos - at < 0) {
        arm(deadlineNanos);
      }
    } finally {
      lock.unlock();
    }
  }

  /** Starts a watch thread for {@code when}; a watch armed for later gives way to it. */
  private void arm(long when) {
    armed = true;
    at = when;
    Thread.ofVirtual().name(name).start(() -> sleepThenSweep(when));
  }

  private void sleepThenSweep(long when) {
    long left;
    while ((left = when - System.nanoTime()) > 0) {
      LockSupport.parkNanos(left);
    }
    lock.lock();
    try {
      if (!armed || at != when) {
        return; // an earlier deadline armed another watch, which sweeps and re-arms
      }
      armed = false;
      sweeping = true;
      toldWhileSweeping = OptionalLong.empty();
    } finally {
      lock.unlock();
    }
    OptionalLong ahead = OptionalLong.empty();
    try {
      ahead = sweep.giveUpOnTheLate(System.nanoTime());
    } finally {
      rearm(ahead);
    }
  }

  /** After a sweep: arms for the earliest of what it found ahead and what was told meanwhile. */
  private void rearm(OptionalLong ahead) {
    lock.lock();
    try {
      sweeping = false;
      OptionalLong next =
          toldWhileSweeping.isPresent() ? earlier(ahead, toldWhileSweeping.getAsLong()) : ahead;
      if (next.isEmpty()) {
        return;
      }
      long soonest = System.nanoTime() + GRAIN_NANOS;
      arm(next.getAsLong() - soonest < 0 ? soonest : next.getAsLong());
    } finally {
      lock.unlock();
    }
  }
}
