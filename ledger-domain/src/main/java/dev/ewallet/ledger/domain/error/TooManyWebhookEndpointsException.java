package dev.ewallet.ledger.domain.error;

/** The ledger has as many webhook endpoints as it accepts. */
public final class TooManyWebhookEndpointsException extends LedgerException {

  public TooManyWebhookEndpointsException(int max) {
    super("the ledger has " + max + " webhook endpoints, the most it accepts; delete one first");
  }
}
