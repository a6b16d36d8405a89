package dev.ewallet.ledger.domain.port.in;

/** Registers a webhook endpoint (operators). */
public interface CreateWebhookEndpointUseCase {

  /**
   * @throws dev.ewallet.ledger.domain.error.WebhookUrlRefusedException for a URL the ledger will
   *     not call
   * @throws dev.ewallet.ledger.domain.error.TooManyWebhookEndpointsException when the ledger has as
   *     many endpoints as it accepts
   */
  CreatedWebhookEndpoint create(CreateWebhookEndpointCommand command);
}
