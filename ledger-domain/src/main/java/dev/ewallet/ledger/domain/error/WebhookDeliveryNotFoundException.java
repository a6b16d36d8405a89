package dev.ewallet.ledger.domain.error;

/** The endpoint has no delivery of this id. */
public final class WebhookDeliveryNotFoundException extends LedgerException {

  public WebhookDeliveryNotFoundException(long endpointId, long deliveryId) {
    super("webhook endpoint " + endpointId + " has no delivery " + deliveryId);
  }
}
