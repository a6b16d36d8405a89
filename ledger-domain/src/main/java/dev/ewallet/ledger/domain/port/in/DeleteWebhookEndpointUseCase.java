package dev.ewallet.ledger.domain.port.in;

/** Deletes a webhook endpoint (operators): nothing more is written or sent for it. */
public interface DeleteWebhookEndpointUseCase {

  void delete(DeleteWebhookEndpointCommand command);
}
