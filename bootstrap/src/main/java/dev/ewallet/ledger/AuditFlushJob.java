package dev.ewallet.ledger;

import dev.ewallet.ledger.domain.port.in.AuditBacklogQuery;
import dev.ewallet.ledger.domain.port.in.FlushAuditEventsCommand;
import dev.ewallet.ledger.domain.port.in.FlushAuditEventsUseCase;
import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import jakarta.annotation.PreDestroy;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.scheduling.annotation.Scheduled;
import org.springframework.stereotype.Component;

/**
 * Writes the audit events the requests recorded, every {@code ledger.audit.flush-interval} (200 ms)
 * and once more at shutdown, up to {@value #BATCH} per statement; gauges {@code
 * ledger.audit.pending} and counts {@code ledger.audit.dropped}.
 */
@Component
class AuditFlushJob {

  static final int BATCH = 1_000;

  private static final Logger LOG = LoggerFactory.getLogger(AuditFlushJob.class);

  private final FlushAuditEventsUseCase flush;

  AuditFlushJob(FlushAuditEventsUseCase flush, AuditBacklogQuery backlog, MeterRegistry registry) {
    this.flush = flush;
    Gauge.builder("ledger.audit.pending", backlog, b -> b.auditBacklog().pending())
        .description("Audit events recorded but not yet written")
        .register(registry);
    FunctionCounter.builder("ledger.audit.dropped", backlog, b -> b.auditBacklog().dropped())
        .description("Audit events dropped because the backlog was full")
        .register(registry);
  }

  /** Writes everything recorded so far; returns how many events were written. */
  @Scheduled(fixedDelayString = "${ledger.audit.flush-interval:PT0.2S}")
  int run() {
    int total = 0;
    int written;
    try {
      do {
        written = flush.flush(new FlushAuditEventsCommand(BATCH));
        total += written;
      } while (written == BATCH);
    } catch (RuntimeException failed) {
      LOG.warn(
          "audit: the trail could not be written now; the events wait for the next run", failed);
    }
    return total;
  }

  @PreDestroy
  void flushAtShutdown() {
    run();
  }
}
