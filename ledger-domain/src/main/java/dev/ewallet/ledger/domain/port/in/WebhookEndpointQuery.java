package dev.ewallet.ledger.domain.port.in;

import dev.ewallet.ledger.domain.webhook.WebhookEndpoint;

/** One webhook endpoint (operators). */
public interface WebhookEndpointQuery {

  /**
   * @throws dev.ewallet.ledger.domain.error.WebhookEndpointNotFoundException when there is none or
   *     it was deleted
   */
  WebhookEndpoint endpoint(Caller caller, long endpointId);
}
