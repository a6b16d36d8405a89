package dev.ewallet.ledger;

import dev.ewallet.ledger.application.LedgerServices;
import dev.ewallet.ledger.application.posting.HotRowMeter;
import dev.ewallet.ledger.domain.hotaccount.HotAccountDecision;
import dev.ewallet.ledger.domain.hotaccount.PostingRate;
import dev.ewallet.ledger.domain.port.in.SplitHotAccountsCommand;
import dev.ewallet.ledger.domain.port.in.SplitHotAccountsUseCase;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.MultiGauge;
import io.micrometer.core.instrument.Tags;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.scheduling.annotation.Scheduled;
import org.springframework.stereotype.Component;

/**
 * Splits the merchants measured hot every {@code ledger.hot-accounts.check-interval} (when {@code
 * splitting-enabled}), and shows the measurement: {@code ledger.hot_accounts.postings_per_second}
 * for the {@value #TOP} busiest merchant rows (tagged by account: bounded, whichever rows they
 * are), {@code ledger.hot_accounts.rows_over_threshold} (rows hot now; a shard among them means a
 * merchant stays hot after splitting) and {@code ledger.hot_accounts.splits} (a counter).
 */
@Component
class HotAccountJob {

  private static final Logger LOG = LoggerFactory.getLogger(HotAccountJob.class);
  static final int TOP = 10;
  private static final int MAX_SPLITS_PER_RUN = 10;

  private final SplitHotAccountsUseCase split;
  private final HotRowMeter meter;
  private final HotAccountProperties properties;
  private final MultiGauge hottest;
  private final Counter splits;
  private volatile int overThreshold;

  HotAccountJob(
      SplitHotAccountsUseCase split,
      LedgerServices services,
      HotAccountProperties properties,
      MeterRegistry registry) {
    this.split = split;
    this.meter = services.hotRows();
    this.properties = properties;
    this.hottest =
        MultiGauge.builder("ledger.hot_accounts.postings_per_second")
            .description("Postings a second the busiest merchant rows took over the window")
            .register(registry);
    this.splits =
        Counter.builder("ledger.hot_accounts.splits")
            .description("Merchants the ledger split (or grew) because a row of them was hot")
            .register(registry);
    Gauge.builder("ledger.hot_accounts.rows_over_threshold", this, job -> job.overThreshold)
        .description("Merchant rows at or over the hot threshold now")
        .register(registry);
  }

  @Scheduled(fixedDelayString = "${ledger.hot-accounts.check-interval:PT1S}")
  void run() {
    List<PostingRate> top = meter.hottest(TOP);
    hottest.register(
        top.stream()
            .map(rate ->
                MultiGauge.Row.of(
                    Tags.of("account_id", Long.toString(rate.accountId().value())),
                    rate.perSecond()))
            .toList(),
        true);
    overThreshold = meter.atLeast(properties.postingsPerSecond()).size();
    if (!properties.splittingEnabled() || overThreshold == 0) {
      return;
    }
    try {
      for (HotAccountDecision made :
          split.splitHot(new SplitHotAccountsCommand(MAX_SPLITS_PER_RUN))) {
        splits.increment();
        LOG.info(
            "hot accounts: merchant {} split from {} to {} shards, row {} took {} postings/s",
            made.merchant(),
            made.shardsBefore(),
            made.shardsAfter(),
            made.measuredRow(),
            made.postingsPerSecond());
      }
    } catch (RuntimeException e) {
      LOG.warn("hot accounts: splitting failed, tried again next run: {}", e.toString());
    }
  }
}
