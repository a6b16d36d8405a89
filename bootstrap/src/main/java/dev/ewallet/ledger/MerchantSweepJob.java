package dev.ewallet.ledger;

import dev.ewallet.ledger.domain.account.AccountId;
import dev.ewallet.ledger.domain.journal.IdempotencyKey;
import dev.ewallet.ledger.domain.port.in.Caller;
import dev.ewallet.ledger.domain.port.in.SweepMerchantCommand;
import dev.ewallet.ledger.domain.port.in.SweepMerchantUseCase;
import dev.ewallet.ledger.domain.port.in.SweepResult;
import dev.ewallet.ledger.domain.port.out.AccountRepository;
import java.util.UUID;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.scheduling.annotation.Scheduled;
import org.springframework.stereotype.Component;

/**
 * Sweeps every sharded merchant every {@code ledger.merchants.sweep-interval}, so payouts find the
 * money in the main account. One failing merchant does not stop the others.
 */
@Component
class MerchantSweepJob {

  private static final Logger LOG = LoggerFactory.getLogger(MerchantSweepJob.class);

  private final AccountRepository accounts;
  private final SweepMerchantUseCase sweep;

  MerchantSweepJob(AccountRepository accounts, SweepMerchantUseCase sweep) {
    this.accounts = accounts;
    this.sweep = sweep;
  }

  @Scheduled(fixedDelayString = "${ledger.merchants.sweep-interval:PT1M}")
  void run() {
    for (AccountId merchant : accounts.shardedMerchants()) {
      try {
        IdempotencyKey key = IdempotencyKey.of("sweep-job:" + UUID.randomUUID());
        SweepResult result = sweep.sweep(new SweepMerchantCommand(Caller.system(), key, merchant));
        if (result.transactions() > 0) {
          LOG.info(
              "swept {} from {} shards of merchant {}",
              result.sweptMinor(),
              result.transactions(),
              merchant);
        }
      } catch (RuntimeException e) {
        LOG.warn("sweep of merchant {} failed, retried next run: {}", merchant, e.toString());
      }
    }
  }
}
