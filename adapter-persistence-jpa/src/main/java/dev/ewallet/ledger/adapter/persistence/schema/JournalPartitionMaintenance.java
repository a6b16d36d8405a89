package dev.ewallet.ledger.adapter.persistence.schema;

import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.scheduling.annotation.Scheduled;
import org.springframework.stereotype.Component;

/**
 * Keeps monthly partitions of {@code ledger_entry} ready ahead of time (ADR 0012): at start and
 * then every {@code ledger.journal.partition-check-interval}, it asks the database's owner-defined
 * function for {@code ledger.journal.partitions-ahead} months beyond the current one. Every
 * instance may run it; the function serialises callers and creates only what is missing. A failed
 * run is retried at the next one, months before a posting could find no partition.
 *
 * <p>After each run, created or not, it asks the database for the first instant no partition
 * covers, the horizon past which postings would fail (there is no default partition, by design),
 * and serves it as the gauge {@code ledger.journal.partition.horizon}: a run that keeps failing
 * shows as a horizon that stops moving, which an alert sees long before it is reached.
 */
@Component
class JournalPartitionMaintenance {

  private static final Logger LOG = LoggerFactory.getLogger(JournalPartitionMaintenance.class);

  /** The first instant no partition covers (the schema's function), in Unix time. */
  private static final String HORIZON =
      "SELECT extract(epoch FROM ledger_entry_partition_horizon())::float8";

  private final JdbcClient jdbc;
  private final int monthsAhead;

  /** Unix seconds; not a number until first read. */
  private volatile double horizonEpochSeconds = Double.NaN;

  JournalPartitionMaintenance(
      JdbcClient jdbc,
      @Value("${ledger.journal.partitions-ahead:3}") int monthsAhead,
      ObjectProvider<MeterRegistry> registry) {
    this.jdbc = jdbc;
    this.monthsAhead = monthsAhead;
    Gauge.builder("ledger.journal.partition.horizon", this, m -> m.horizonEpochSeconds)
        .baseUnit("seconds")
        .description(
            "The first instant (Unix time) that no partition of ledger_entry covers: postings"
                + " dated from then on would fail. Maintenance keeps it months ahead")
        .register(registry.getIfAvailable(SimpleMeterRegistry::new));
  }

  @Scheduled(
      initialDelayString = "PT0S",
      fixedDelayString = "${ledger.journal.partition-check-interval:PT6H}")
  void run() {
    try {
      int created = createAhead();
      if (created > 0) {
        LOG.info("created {} monthly partitions of ledger_entry", created);
      }
    } catch (RuntimeException e) {
      LOG.warn("ledger_entry partition maintenance failed, retried next run: {}", e.toString());
    }
    try {
      horizonEpochSeconds = readHorizon();
    } catch (RuntimeException e) {
      LOG.warn(
          "reading the ledger_entry partition horizon failed, the last one stands: {}",
          e.toString());
    }
  }

  /** Creates the missing partitions up to the configured months ahead; returns how many. */
  int createAhead() {
    return jdbc.sql("SELECT ledger_entry_partitions_ahead(?)")
        .param(monthsAhead)
        .query(Integer.class)
        .single();
  }

  /** The first instant no partition covers, in Unix seconds (infinite without an end). */
  double readHorizon() {
    return jdbc.sql(HORIZON).query(Double.class).single();
  }
}
