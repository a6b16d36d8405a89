package dev.ewallet.ledger.adapter.persistence;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
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
 */
@Component
class JournalPartitionMaintenance {

  private static final Logger LOG = LoggerFactory.getLogger(JournalPartitionMaintenance.class);

  private final JdbcClient jdbc;
  private final int monthsAhead;

  JournalPartitionMaintenance(
      JdbcClient jdbc, @Value("${ledger.journal.partitions-ahead:3}") int monthsAhead) {
    this.jdbc = jdbc;
    this.monthsAhead = monthsAhead;
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
  }

  /** Creates the missing partitions up to the configured months ahead; returns how many. */
  int createAhead() {
    return jdbc.sql("SELECT ledger_entry_partitions_ahead(?)")
        .param(monthsAhead)
        .query(Integer.class)
        .single();
  }
}
