package dev.ewallet.ledger;

import dev.ewallet.ledger.domain.port.in.RunDueSchedulesCommand;
import dev.ewallet.ledger.domain.port.in.RunDueSchedulesUseCase;
import java.time.Clock;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.scheduling.annotation.Scheduled;
import org.springframework.stereotype.Component;

/**
 * Runs the scheduled transfers that are due, every {@code ledger.schedules.check-interval}: {@value
 * #BATCH} at a time, again until fewer were due, so a run is late by at most the interval plus the
 * time the runs before it take (docs/lifecycle.md). Every instance runs it; each run posts once.
 */
@Component
class ScheduledTransferJob {

  static final int BATCH = 1_000;

  private static final Logger LOG = LoggerFactory.getLogger(ScheduledTransferJob.class);

  private final RunDueSchedulesUseCase schedules;
  private final Clock clock;

  ScheduledTransferJob(RunDueSchedulesUseCase schedules, Clock clock) {
    this.schedules = schedules;
    this.clock = clock;
  }

  @Scheduled(fixedDelayString = "${ledger.schedules.check-interval}")
  int run() {
    int total = 0;
    int tried;
    do {
      tried = schedules.runDue(new RunDueSchedulesCommand(clock.instant(), BATCH));
      total += tried;
    } while (tried == BATCH);
    if (total > 0) {
      LOG.info("scheduled transfers: {} runs tried", total);
    }
    return total;
  }
}
