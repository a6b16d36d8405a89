package dev.ewallet.ledger.domain.error;

/** No webhook endpoint has this id, or it was deleted. */
public final class WebhookEndpointNotFoundException extends LedgerException {

  public WebhookEndpointNotFoundException(long id) {
    super("no webhook endpoint " + id);
  }
}
