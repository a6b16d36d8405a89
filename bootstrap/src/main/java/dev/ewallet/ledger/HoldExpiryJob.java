package dev.ewallet.ledger;

import dev.ewallet.ledger.domain.port.in.ExpireHoldsCommand;
import dev.ewallet.ledger.domain.port.in.ExpireHoldsUseCase;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.scheduling.annotation.Scheduled;
import org.springframework.stereotype.Component;

/**
 * Releases holds whose {@code expiresAt} has passed, every {@code ledger.holds.expiry-interval}.
 * Each release is idempotent per hold, so overlapping runs on several instances release once.
 */
@Component
class HoldExpiryJob {

  private static final Logger LOG = LoggerFactory.getLogger(HoldExpiryJob.class);
  private static final ExpireHoldsCommand BATCH = new ExpireHoldsCommand(500);

  private final ExpireHoldsUseCase expiry;

  HoldExpiryJob(ExpireHoldsUseCase expiry) {
    this.expiry = expiry;
  }

  @Scheduled(fixedDelayString = "${ledger.holds.expiry-interval:PT10S}")
  int run() {
    int total = 0;
    int released;
    do {
      released = expiry.expire(BATCH);
      total += released;
    } while (released == BATCH.batchSize());
    if (total > 0) {
      LOG.info("hold expiry: released {} expired holds", total);
    }
    return total;
  }
}
