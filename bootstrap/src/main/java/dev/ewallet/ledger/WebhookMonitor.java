package dev.ewallet.ledger;

import dev.ewallet.ledger.domain.port.in.PruneWebhookDeliveriesCommand;
import dev.ewallet.ledger.domain.port.in.PruneWebhookDeliveriesUseCase;
import dev.ewallet.ledger.domain.port.in.WebhookBacklogQuery;
import dev.ewallet.ledger.domain.webhook.WebhookBacklog;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import java.time.Clock;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.scheduling.annotation.Scheduled;
import org.springframework.stereotype.Component;

/**
 * Watches webhook delivery: gauges {@code ledger.webhooks.pending} (deliveries waiting), {@code
 * ledger.webhooks.oldest.age} (seconds the oldest has waited) and {@code
 * ledger.webhooks.endpoints.unhealthy}, read on a schedule rather than on every scrape; and the
 * hourly pruning of finished deliveries. A receiver that is down is the receiver's problem: no
 * health component turns DOWN for it, so the service stays in rotation; alert on the gauges.
 */
@Component
class WebhookMonitor {

  private static final Logger LOG = LoggerFactory.getLogger(WebhookMonitor.class);

  private final WebhookBacklogQuery backlogQuery;
  private final PruneWebhookDeliveriesUseCase prune;
  private final WebhookProperties properties;
  private final Clock clock;
  private volatile WebhookBacklog backlog = WebhookBacklog.EMPTY;

  WebhookMonitor(
      WebhookBacklogQuery backlogQuery,
      PruneWebhookDeliveriesUseCase prune,
      WebhookProperties properties,
      Clock clock,
      MeterRegistry registry) {
    this.backlogQuery = backlogQuery;
    this.prune = prune;
    this.properties = properties;
    this.clock = clock;
    Gauge.builder("ledger.webhooks.pending", this, m -> m.backlog.pending())
        .description("Webhook deliveries not yet answered 2xx nor failed for good")
        .register(registry);
    Gauge.builder(
            "ledger.webhooks.oldest.age",
            this,
            m -> m.backlog.oldestAge(m.clock.instant()).toMillis() / 1000.0)
        .description("Seconds the oldest pending webhook delivery has waited")
        .baseUnit("seconds")
        .register(registry);
    Gauge.builder("ledger.webhooks.endpoints.unhealthy", this, m -> m.backlog.unhealthyEndpoints())
        .description("Webhook endpoints with a delivery failed for good since their last success")
        .register(registry);
  }

  @Scheduled(fixedDelayString = "${ledger.webhooks.monitor-interval:PT15S}")
  void refresh() {
    backlog = backlogQuery.backlog();
  }

  @Scheduled(cron = "${ledger.webhooks.prune-cron:0 45 * * * *}")
  int pruneNow() {
    int deleted = prune.prune(new PruneWebhookDeliveriesCommand(properties.retention()));
    LOG.info(
        "webhooks: pruned {} deliveries finished before the last {}",
        deleted,
        properties.retention());
    return deleted;
  }

  WebhookBacklog backlog() {
    return backlog;
  }
}
