package dev.ewallet.ledger;

import dev.ewallet.ledger.domain.bank.BankExceptions;
import dev.ewallet.ledger.domain.journal.ReconciliationReport;
import dev.ewallet.ledger.domain.port.in.BankExceptionsQuery;
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
 * Runs reconciliation on {@code ledger.reconciliation.cron} (nightly by default), with its bank
 * view, logs the result and exports it: {@code ledger.reconciliation.mismatches} (0 when the books
 * balance, -1 before the first run), {@code ledger.reconciliation.last.run} (epoch seconds), and
 * the bank view's {@code ledger.reconciliation.bank.stale.lines} and {@code
 * ledger.reconciliation.bank.overdue.payouts} (-1 before the first run).
 */
@Component
class ReconciliationJob {

  private static final Logger LOG = LoggerFactory.getLogger(ReconciliationJob.class);

  private final ReconciliationQuery reconciliation;
  private final BankExceptionsQuery bank;
  private final AtomicLong mismatches = new AtomicLong(-1);
  private final AtomicLong lastRunEpochSeconds = new AtomicLong(0);
  private final AtomicLong staleLines = new AtomicLong(-1);
  private final AtomicLong overduePayouts = new AtomicLong(-1);

  ReconciliationJob(
      ReconciliationQuery reconciliation, BankExceptionsQuery bank, MeterRegistry registry) {
    this.reconciliation = reconciliation;
    this.bank = bank;
    Gauge.builder("ledger.reconciliation.bank.stale.lines", staleLines, AtomicLong::get)
        .description(
            "Statement lines still unmatched, booked longer ago than ledger.bank.unmatched-line-age")
        .register(registry);
    Gauge.builder("ledger.reconciliation.bank.overdue.payouts", overduePayouts, AtomicLong::get)
        .description("Withdrawals pending longer than ledger.bank.settlement-time")
        .register(registry);
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
    BankExceptions exceptions = bank.exceptions(Caller.system());
    staleLines.set(exceptions.staleLines().count());
    overduePayouts.set(exceptions.overduePayouts().count());
    if (!exceptions.clear()) {
      LOG.warn(
          "reconciliation, bank view: {} statement lines unmatched for over {}, {} withdrawals"
              + " pending for over {} (GET /v1/reconciliation lists the oldest)",
          exceptions.staleLines().count(),
          exceptions.unmatchedLineAge(),
          exceptions.overduePayouts().count(),
          exceptions.settlementTime());
    }
    return report;
  }
}
