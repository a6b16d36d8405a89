package dev.ewallet.ledger.domain.error;

/** The idempotency key was used before by this caller for a different request. */
public final class IdempotencyKeyReusedException extends LedgerException {

  public IdempotencyKeyReusedException(String key) {
    super("idempotency key '" + key + "' was used for a different request");
  }
}
