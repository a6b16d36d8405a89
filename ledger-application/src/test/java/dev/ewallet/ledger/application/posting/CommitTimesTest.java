package dev.ewallet.ledger.application.posting;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

class CommitTimesTest {

  private static final long MS = 1_000_000;

  private final CommitTimes times = new CommitTimes();

  @Test
  void beforeAnyBatchATransferIsAssumedToTakeAMillisecondAlone() {
    assertThat(times.nanosFor(1)).isEqualTo(CommitTimes.UNMEASURED_NANOS).isEqualTo(MS);
  }

  @Test
  void theTimeAloneIsTheFixedCostPlusOneTransferOfTheFittedLine() {
    recordBatchesOfTwoMillisecondsPlusATenthPerTransfer();

    assertThat((double) times.nanosFor(1)).isCloseTo(2.1 * MS, within(0.01 * MS));
  }

  @Test
  void aBatchIsExpectedToTakeTheFittedLineAtItsSizeAndNoLessThanTheMeanWhenLarger() {
    recordBatchesOfTwoMillisecondsPlusATenthPerTransfer();

    assertThat((double) times.nanosFor(40)).isCloseTo(6 * MS, within(0.05 * MS));
    assertThat((double) times.nanosFor(200)).isCloseTo(22 * MS, within(0.2 * MS));
    assertThat(times.nanosFor(1)).isLessThan(times.nanosFor(2));
  }

  @Test
  void batchesAllOfOneSizeGiveTheirMeanTimeWhichIsNoUnderestimate() {
    for (int i = 0; i < 1_000; i++) {
      times.record(32, (i % 2 == 0 ? 4 : 6) * MS);
    }

    assertThat((double) times.nanosFor(1)).isCloseTo(5 * MS, within(0.1 * MS));
    assertThat((double) times.nanosFor(64)).isCloseTo(5 * MS, within(0.1 * MS));
  }

  @Test
  void theModelFollowsTheDatabaseWhenItSlowsDown() {
    for (int size = 1; size <= 400; size++) {
      times.record(size % 40 + 1, MS + (size % 40 + 1) * MS / 10);
    }
    long before = times.nanosFor(1);
    for (int size = 1; size <= 400; size++) {
      times.record(size % 40 + 1, 10 * MS + (size % 40 + 1) * MS / 10);
    }

    assertThat((double) before).isCloseTo(1.1 * MS, within(0.05 * MS));
    assertThat((double) times.nanosFor(1)).isCloseTo(10.1 * MS, within(0.2 * MS));
  }

  @Test
  void theTimeAloneIsNeverNegativeNorAboveTheMeanBatch() {
    for (int size = 4; size <= 64; size++) {
      times.record(size, size * MS - 3 * MS);
    }

    assertThat(times.nanosFor(1)).isZero();
  }

  /** Five rounds of batches of 1 to 64 transfers, each taking 2 ms plus 0.1 ms per transfer. */
  private void recordBatchesOfTwoMillisecondsPlusATenthPerTransfer() {
    for (int round = 0; round < 5; round++) {
      for (int size = 1; size <= 64; size++) {
        times.record(size, 2 * MS + size * MS / 10);
      }
    }
  }
}
