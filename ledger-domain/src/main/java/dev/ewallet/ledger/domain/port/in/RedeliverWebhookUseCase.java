package dev.ewallet.ledger.domain.port.in;

import dev.ewallet.ledger.domain.webhook.WebhookDelivery;

/**
 * Puts a delivery back in its endpoint's queue (operators), due at once and at its original
 * position: later deliveries of its accounts wait until it is delivered again.
 */
public interface RedeliverWebhookUseCase {

  WebhookDelivery redeliver(RedeliverWebhookCommand command);
}
