package dev.ewallet.ledger.application;

import dev.ewallet.ledger.domain.port.out.UnitOfWork;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Supplier;

/**
 * The in-memory unit of work with the database's faults on demand: the next unit of work fails as a
 * stalled database makes it fail, or waits until released, either as a batch whose commit hangs
 * (holding the store, as a transaction holds its row locks) or as one whose database has not
 * answered yet (holding nothing).
 */
public final class FaultyUnitOfWork implements UnitOfWork {

  private final UnitOfWork real;
  private final AtomicReference<RuntimeException> nextFailure = new AtomicReference<>();
  private final AtomicInteger failuresLeft = new AtomicInteger();
  private final AtomicReference<CountDownLatch> nextStall = new AtomicReference<>();
  private final AtomicReference<CountDownLatch> nextSlowStart = new AtomicReference<>();
  private final AtomicInteger runs = new AtomicInteger();

  public FaultyUnitOfWork(UnitOfWork real) {
    this.real = real;
  }

  /** The next unit of work throws {@code failure} instead of running. */
  public void failNext(RuntimeException failure) {
    failNext(failure, 1);
  }

  /** The next {@code times} units of work throw {@code failure} instead of running. */
  public void failNext(RuntimeException failure, int times) {
    nextFailure.set(failure);
    failuresLeft.set(times);
  }

  /** The next unit of work commits only once the returned latch is counted down. */
  public CountDownLatch stallNextCommit() {
    CountDownLatch release = new CountDownLatch(1);
    nextStall.set(release);
    return release;
  }

  /** The next unit of work starts only once the returned latch is counted down. */
  public CountDownLatch stallNextStart() {
    CountDownLatch release = new CountDownLatch(1);
    nextSlowStart.set(release);
    return release;
  }

  /** How many units of work were started. */
  public int runs() {
    return runs.get();
  }

  @Override
  public <T> T inTransaction(Supplier<T> work) {
    runs.incrementAndGet();
    if (failuresLeft.getAndUpdate(left -> Math.max(0, left - 1)) > 0) {
      throw nextFailure.get();
    }
    awaitQuietly(nextSlowStart.getAndSet(null));
    CountDownLatch stall = nextStall.getAndSet(null);
    return real.inTransaction(() -> {
      T result = work.get();
      awaitQuietly(stall);
      return result;
    });
  }

  private static void awaitQuietly(CountDownLatch stall) {
    if (stall == null) {
      return;
    }
    try {
      stall.await();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
