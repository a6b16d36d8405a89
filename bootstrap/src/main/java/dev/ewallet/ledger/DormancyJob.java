package dev.ewallet.ledger;

import dev.ewallet.ledger.domain.port.in.MarkDormantWalletsCommand;
import dev.ewallet.ledger.domain.port.in.MarkDormantWalletsUseCase;
import dev.ewallet.ledger.domain.port.out.AccountRepository;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.scheduling.annotation.Scheduled;
import org.springframework.stereotype.Component;

/**
 * Turns dormant, every {@code ledger.accounts.dormancy-interval} (first after one interval, so a
 * start does not scan every wallet at once), the user wallets whose owner did nothing with them for
 * {@code ledger.accounts.dormant-after} (docs/lifecycle.md): the ids in ranges of {@value #RANGE},
 * each range one statement and one short transaction. Instances running it at once change each
 * wallet once. A period of zero turns dormancy off.
 */
@Component
class DormancyJob {

  static final long RANGE = 100_000;

  private static final Logger LOG = LoggerFactory.getLogger(DormancyJob.class);

  private final MarkDormantWalletsUseCase dormancy;
  private final AccountRepository accounts;
  private final Duration dormantAfter;
  private final Clock clock;

  DormancyJob(
      MarkDormantWalletsUseCase dormancy,
      AccountRepository accounts,
      @Value("${ledger.accounts.dormant-after}") Duration dormantAfter,
      Clock clock) {
    if (dormantAfter.isNegative()) {
      throw new IllegalArgumentException(
          "ledger.accounts.dormant-after must not be negative, not " + dormantAfter);
    }
    this.dormancy = dormancy;
    this.accounts = accounts;
    this.dormantAfter = dormantAfter;
    this.clock = clock;
  }

  @Scheduled(
      fixedDelayString = "${ledger.accounts.dormancy-interval}",
      initialDelayString = "${ledger.accounts.dormancy-interval}")
  int run() {
    if (dormantAfter.isZero()) {
      return 0;
    }
    Instant inactiveSince = clock.instant().minus(dormantAfter);
    long last = accounts.maxAccountId();
    int total = 0;
    for (long from = 1; from <= last; from += RANGE) {
      total +=
          dormancy.markDormant(
              new MarkDormantWalletsCommand(inactiveSince, from, from + RANGE - 1));
    }
    if (total > 0) {
      LOG.info("dormancy: {} wallets idle since {} turned dormant", total, inactiveSince);
    }
    return total;
  }
}
