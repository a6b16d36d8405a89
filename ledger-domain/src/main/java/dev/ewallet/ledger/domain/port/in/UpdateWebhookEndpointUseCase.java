package dev.ewallet.ledger.domain.port.in;

import dev.ewallet.ledger.domain.webhook.WebhookEndpoint;

/** Changes a webhook endpoint's URL, event types or pause (operators). */
public interface UpdateWebhookEndpointUseCase {

  WebhookEndpoint update(UpdateWebhookEndpointCommand command);
}
