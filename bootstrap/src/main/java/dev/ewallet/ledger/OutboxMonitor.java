package dev.ewallet.ledger;

import dev.ewallet.ledger.domain.outbox.OutboxBacklog;
import dev.ewallet.ledger.domain.port.in.OutboxBacklogQuery;
import dev.ewallet.ledger.domain.port.in.PruneOutboxCommand;
import dev.ewallet.ledger.domain.port.in.PruneOutboxUseCase;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import java.time.Clock;
import java.time.Duration;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.health.contributor.Health;
import org.springframework.boot.health.contributor.HealthIndicator;
import org.springframework.scheduling.annotation.Scheduled;
import org.springframework.stereotype.Component;

/**
 * Watches the outbox: gauges {@code ledger.outbox.backlog} (rows waiting) and {@code
 * ledger.outbox.oldest.age} (seconds the oldest has waited), a health indicator that turns DOWN
 * when that age passes {@code ledger.outbox.max-age}, and the pruning of published rows. The
 * backlog is read on a schedule, not on every scrape, so monitoring never loads the database.
 */
@Component("outbox")
class OutboxMonitor implements HealthIndicator {

  private static final Logger LOG = LoggerFactory.getLogger(OutboxMonitor.class);

  private final OutboxBacklogQuery backlogQuery;
  private final PruneOutboxUseCase prune;
  private final OutboxProperties properties;
  private final Clock clock;
  private volatile OutboxBacklog backlog = OutboxBacklog.EMPTY;

  OutboxMonitor(
      OutboxBacklogQuery backlogQuery,
      PruneOutboxUseCase prune,
      OutboxProperties properties,
      Clock clock,
      MeterRegistry registry) {
    this.backlogQuery = backlogQuery;
    this.prune = prune;
    this.properties = properties;
    this.clock = clock;
    Gauge.builder("ledger.outbox.backlog", this, m -> m.backlog.count())
        .description("Outbox events not yet published")
        .register(registry);
    Gauge.builder("ledger.outbox.oldest.age", this, m -> m.oldestAge().toMillis() / 1000.0)
        .description("Seconds the oldest unpublished outbox event has waited")
        .baseUnit("seconds")
        .register(registry);
  }

  @Scheduled(fixedDelayString = "${ledger.outbox.monitor-interval:PT1S}")
  void refresh() {
    backlog = backlogQuery.backlog();
  }

  @Scheduled(cron = "${ledger.outbox.prune-cron:0 15 * * * *}")
  int pruneNow() {
    int deleted = prune.prune(new PruneOutboxCommand(properties.retention()));
    LOG.info(
        "outbox: pruned {} rows published before the last {}", deleted, properties.retention());
    return deleted;
  }

  OutboxBacklog backlog() {
    return backlog;
  }

  Duration oldestAge() {
    return backlog.oldestAge(clock.instant());
  }

  @Override
  public Health health() {
    Duration age = oldestAge();
    Health.Builder health = age.compareTo(properties.maxAge()) > 0 ? Health.down() : Health.up();
    return health
        .withDetail("backlog", backlog.count())
        .withDetail("oldestAgeSeconds", age.toSeconds())
        .withDetail("maxAgeSeconds", properties.maxAge().toSeconds())
        .build();
  }
}
