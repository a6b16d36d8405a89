package dev.ewallet.ledger;

import dev.ewallet.ledger.domain.port.in.DeliverWebhooksCommand;
import dev.ewallet.ledger.domain.port.in.DeliverWebhooksUseCase;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.scheduling.annotation.Scheduled;
import org.springframework.stereotype.Component;

/**
 * Starts a deliverer round every {@code ledger.webhooks.poll-interval}: each endpoint with
 * deliveries due gets its own task, so the round itself returns at once and never waits for a
 * receiver.
 */
@Component
@ConditionalOnProperty(name = "ledger.webhooks.delivery-enabled", matchIfMissing = true)
class WebhookDeliveryJob {

  private static final Logger LOG = LoggerFactory.getLogger(WebhookDeliveryJob.class);
  private static final DeliverWebhooksCommand ROUND = new DeliverWebhooksCommand();

  private final DeliverWebhooksUseCase deliverer;
  private boolean failing;

  WebhookDeliveryJob(DeliverWebhooksUseCase deliverer) {
    this.deliverer = deliverer;
  }

  @Scheduled(fixedDelayString = "${ledger.webhooks.poll-interval:PT0.25S}")
  void run() {
    try {
      deliverer.deliver(ROUND);
      if (failing) {
        LOG.info("webhook deliverer recovered: due deliveries are found again");
        failing = false;
      }
    } catch (RuntimeException e) {
      if (!failing) {
        LOG.warn("webhook deliverer cannot read due deliveries: {}", e.getMessage());
        failing = true;
      }
    }
  }
}
