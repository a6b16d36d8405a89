package dev.ewallet.ledger;

import dev.ewallet.ledger.domain.port.in.PostingWriters;
import dev.ewallet.ledger.domain.port.in.PostingWritersQuery;
import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import org.springframework.boot.health.contributor.Health;
import org.springframework.boot.health.contributor.HealthIndicator;
import org.springframework.stereotype.Component;

/**
 * The group-commit writers: a health indicator that is DOWN while fewer writers run than must
 * always run (a dead writer is replaced at once, so DOWN that lasts means writers keep dying), with
 * the least, the most and the running number of writers and the callers waiting for one as details;
 * the gauges {@code ledger.posting.writers.alive} and {@code ledger.posting.queue.waiting} and the
 * counter {@code ledger.posting.writer.deaths}.
 */
@Component("postingWriters")
class PostingWritersMonitor implements HealthIndicator {

  private final PostingWritersQuery writers;

  PostingWritersMonitor(PostingWritersQuery writers, MeterRegistry registry) {
    this.writers = writers;
    Gauge.builder("ledger.posting.writers.alive", writers, w -> w.writers().alive())
        .description("Group-commit writers running")
        .register(registry);
    Gauge.builder("ledger.posting.queue.waiting", writers, w -> w.writers().waiting())
        .description("Callers whose postings wait in the queue for a group-commit writer")
        .register(registry);
    FunctionCounter.builder("ledger.posting.writer.deaths", writers, w -> w.writers().deaths())
        .description("Group-commit writers that died and were replaced")
        .register(registry);
  }

  @Override
  public Health health() {
    PostingWriters now = writers.writers();
    return (now.healthy() ? Health.up() : Health.down())
        .withDetail("least", now.least())
        .withDetail("most", now.most())
        .withDetail("alive", now.alive())
        .withDetail("deaths", now.deaths())
        .withDetail("waiting", now.waiting())
        .build();
  }
}
