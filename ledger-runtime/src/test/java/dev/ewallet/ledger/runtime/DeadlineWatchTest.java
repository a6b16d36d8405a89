package dev.ewallet.ledger.runtime;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.List;
import java.util.OptionalLong;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.Test;

/**
 * The watch's promises, each checked on what the sweep was given, never on how long anything took:
 * a sweep runs only once a deadline told has passed, every deadline told is swept (an earlier one
 * told after a later one, one told while a sweep runs), and the watch arms again for what a sweep
 * says is still ahead.
 */
class DeadlineWatchTest {

  /** A sweep that records when it ran and answers what the test has it answer. */
  private static final class Recorder implements DeadlineWatch.Sweep {
    final List<Long> ranAt = new CopyOnWriteArrayList<>();
    volatile OptionalLong ahead = OptionalLong.empty();

    @Override
    public OptionalLong giveUpOnTheLate(long nowNanos) {
      ranAt.add(nowNanos);
      OptionalLong answer = ahead;
      ahead = OptionalLong.empty();
      return answer;
    }
  }

  private static long in(Duration wait) {
    return System.nanoTime() + wait.toNanos();
  }

  @Test
  void sweepsOnceTheDeadlineToldHasPassedAndNotBefore() throws Exception {
    Recorder sweep = new Recorder();
    DeadlineWatch watch = new DeadlineWatch("test-deadline", sweep);
    long deadline = in(Duration.ofMillis(50));

    watch.watch(deadline);

    await(() -> sweep.ranAt.size() == 1, "the sweep");
    assertThat(sweep.ranAt.getFirst() - deadline).isNotNegative();
    Thread.sleep(100);
    assertThat(sweep.ranAt).as("nothing is left to sweep for").hasSize(1);
  }

  @Test
  void anEarlierDeadlineToldAfterALaterOneIsSweptAtItsOwnTime() throws Exception {
    Recorder sweep = new Recorder();
    DeadlineWatch watch = new DeadlineWatch("test-deadline", sweep);
    long later = in(Duration.ofSeconds(30));
    long earlier = in(Duration.ofMillis(50));
    // The owner's waiter of the later deadline still waits after the first sweep.
    sweep.ahead = OptionalLong.of(later);

    watch.watch(later);
    watch.watch(earlier);

    await(() -> sweep.ranAt.size() == 1, "the sweep of the earlier deadline");
    assertThat(sweep.ranAt.getFirst() - earlier).isNotNegative();
    assertThat(sweep.ranAt.getFirst() - later).isNegative();
  }

  @Test
  void armsAgainForWhatTheSweepSaysIsAhead() throws Exception {
    Recorder sweep = new Recorder();
    DeadlineWatch watch = new DeadlineWatch("test-deadline", sweep);
    long next = in(Duration.ofMillis(100));
    sweep.ahead = OptionalLong.of(next);

    watch.watch(in(Duration.ofMillis(10)));

    await(() -> sweep.ranAt.size() == 2, "the second sweep");
    assertThat(sweep.ranAt.get(1) - next).isNotNegative();
  }

  @Test
  void aDeadlineToldWhileASweepRunsIsSweptAfterIt() throws Exception {
    CountDownLatch sweeping = new CountDownLatch(1);
    CountDownLatch release = new CountDownLatch(1);
    List<Long> ranAt = new CopyOnWriteArrayList<>();
    DeadlineWatch watch =
        new DeadlineWatch(
            "test-deadline",
            now -> {
              ranAt.add(now);
              if (ranAt.size() == 1) {
                sweeping.countDown();
                try {
                  release.await();
                } catch (InterruptedException e) {
                  Thread.currentThread().interrupt();
                }
              }
              // The sweep's scan never saw the waiter told meanwhile: it answers that none waits.
              return OptionalLong.empty();
            });
    watch.watch(in(Duration.ofMillis(10)));
    assertThat(sweeping.await(30, TimeUnit.SECONDS)).isTrue();

    long toldMeanwhile = in(Duration.ofMillis(20));
    watch.watch(toldMeanwhile);
    release.countDown();

    await(() -> ranAt.size() == 2, "the sweep of the deadline told meanwhile");
    assertThat(ranAt.get(1) - toldMeanwhile).isNotNegative();
  }

  @Test
  void theEarlierOfTwoDeadlinesIsTheOneBeforeInNanoTimeEvenAcrossItsWrap() {
    assertThat(DeadlineWatch.earlier(OptionalLong.empty(), 5)).hasValue(5);
    assertThat(DeadlineWatch.earlier(OptionalLong.of(3), 5)).hasValue(3);
    assertThat(DeadlineWatch.earlier(OptionalLong.of(5), 3)).hasValue(3);
    // nanoTime may wrap: a deadline just past Long.MAX_VALUE comes after one just before it.
    assertThat(DeadlineWatch.earlier(OptionalLong.of(Long.MAX_VALUE), Long.MIN_VALUE))
        .hasValue(Long.MAX_VALUE);
  }

  private static void await(BooleanSupplier condition, String what) throws InterruptedException {
    long until = in(Duration.ofSeconds(30));
    while (!condition.getAsBoolean()) {
      assertThat(System.nanoTime() - until).as("waited 30 s for " + what).isNegative();
      Thread.sleep(5);
    }
  }
}
