package dev.ewallet.ledger;

import dev.ewallet.ledger.domain.journal.ReconciliationReport;
import dev.ewallet.ledger.domain.port.in.Caller;
import dev.ewallet.ledger.domain.port.in.ReconciliationQuery;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import java.util.concurrent.atomic.AtomicLong;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.scheduling.annotation.Scheduled;
import org.springframework.stereotype.Component;

/**
 * Runs reconciliation on {@code ledger.reconciliation.cron} (nightly by default), logs the result
 * and exports it: {@code ledger.reconciliation.mismatches} (0 when the books balance, -1 before the
 * first run) and {@code ledger.reconciliation.last.run} (epoch seconds).
 */
@Component
class ReconciliationJob {

  private static final Logger LOG = LoggerFactory.getLogger(ReconciliationJob.class);

  private final ReconciliationQuery reconciliation;
  private final AtomicLong mismatches = new AtomicLong(-1);
  private final AtomicLong lastRunEpochSeconds = new AtomicLong(0);

  ReconciliationJob(ReconciliationQuery reconciliation, MeterRegistry registry) {
    this.reconciliation = reconciliation;
    Gauge.builder("ledger.reconciliation.mismatches", mismatches, AtomicLong::get)
        .description("Mismatches found by the last reconciliation; 0 means the books balance")
        .register(registry);
    Gauge.builder("ledger.reconciliation.last.run", lastRunEpochSeconds, AtomicLong::get)
        .description("When reconciliation last finished, in epoch seconds")
        .register(registry);
  }

  @Scheduled(cron = "${ledger.reconciliation.cron}")
  ReconciliationReport run() {
    ReconciliationReport report = reconciliation.reconcile(Caller.system());
    mismatches.set(report.mismatches().size());
    lastRunEpochSeconds.set(report.checkedAt().getEpochSecond());
    if (report.balanced()) {
      LOG.info("reconciliation: the books balance; sums by currency {}", report.sumByCurrency());
    } else {
      LOG.error(
          "reconciliation: {} mismatches, ledger sum {}: {}",
          report.mismatches().size(),
          report.ledgerSumMinor(),
          report.mismatches());
    }
    return report;
  }
}
