package dev.ewallet.ledger.domain.error;

/**
 * A webhook URL the ledger will not call: malformed, not HTTPS outside local mode, or naming a
 * loopback, link-local or private address (the ledger must not become a way into its own network).
 */
public final class WebhookUrlRefusedException extends LedgerException {

  public WebhookUrlRefusedException(String message) {
    super(message);
  }
}
