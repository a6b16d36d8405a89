package dev.ewallet.ledger;

import dev.ewallet.ledger.application.LedgerServices;
import dev.ewallet.ledger.application.posting.HotRowMeter;
import dev.ewallet.ledger.domain.account.ShardedRows;
import dev.ewallet.ledger.domain.hotaccount.HotAccountDecision;
import dev.ewallet.ledger.domain.hotaccount.PostingRate;
import dev.ewallet.ledger.domain.port.in.ShardedRowsQuery;
import dev.ewallet.ledger.domain.port.in.SplitHotAccountsCommand;
import dev.ewallet.ledger.domain.port.in.SplitHotAccountsUseCase;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.MultiGauge;
import io.micrometer.core.instrument.Tags;
import java.util.List;
import java.util.function.ToLongFunction;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.scheduling.annotation.Scheduled;
import org.springframework.stereotype.Component;

/**
 * Splits the merchants measured hot every {@code ledger.hot-accounts.check-interval} (when {@code
 * splitting-enabled}), and shows the measurement: {@code ledger.hot_accounts.postings_per_second}
 * for the {@value #TOP} busiest merchant rows (tagged by account: bounded, whichever rows they
 * are), {@code ledger.hot_accounts.rows_over_threshold} (rows hot now; a shard among them means a
 * merchant stays hot after splitting) and {@code ledger.hot_accounts.splits} (a counter). It also
 * reads the shards' figures as committed: {@code ledger.hot_accounts.shards} (shard rows per kind
 * of account and currency) and {@code ledger.hot_accounts.shard_balance} (what they hold; for
 * merchants, what the next sweep moves: the sweep's lag, in money), one statement over the shards'
 * partial index.
 */
@Component
class HotAccountJob {

  private static final Logger LOG = LoggerFactory.getLogger(HotAccountJob.class);
  static final int TOP = 10;
  private static final int MAX_SPLITS_PER_RUN = 10;

  private final SplitHotAccountsUseCase split;
  private final ShardedRowsQuery shardedRows;
  private final HotRowMeter meter;
  private final HotAccountProperties properties;
  private final MultiGauge hottest;
  private final Counter splits;
  private final MultiGauge shards;
  private final MultiGauge shardBalance;
  private volatile int overThreshold;

  HotAccountJob(
      SplitHotAccountsUseCase split,
      ShardedRowsQuery shardedRows,
      LedgerServices services,
      HotAccountProperties properties,
      MeterRegistry registry) {
    this.split = split;
    this.shardedRows = shardedRows;
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
    this.shards =
        MultiGauge.builder("ledger.hot_accounts.shards")
            .description("Shard rows of merchants and system accounts, per kind and currency")
            .register(registry);
    this.shardBalance =
        MultiGauge.builder("ledger.hot_accounts.shard_balance")
            .description(
                "What the shards hold, in minor units; for merchants, what the next sweep moves")
            .register(registry);
  }

  @Scheduled(fixedDelayString = "${ledger.hot-accounts.check-interval:PT1S}")
  void showShards() {
    try {
      List<ShardedRows> figures = shardedRows.shardedRows();
      shards.register(rows(figures, ShardedRows::shards), true);
      shardBalance.register(rows(figures, ShardedRows::balanceMinor), true);
    } catch (RuntimeException e) {
      LOG.warn("hot accounts: the shards' figures could not be read: {}", e.toString());
    }
  }

  private static List<MultiGauge.Row<?>> rows(
      List<ShardedRows> figures, ToLongFunction<ShardedRows> value) {
    return figures.stream()
        .<MultiGauge.Row<?>>map(f ->
            MultiGauge.Row.of(
                Tags.of("kind", f.kind().name(), "currency", f.currency().value()),
                value.applyAsLong(f)))
        .toList();
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
