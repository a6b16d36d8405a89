package dev.ewallet.ledger.domain.error;

/**
 * The caller sent nothing under this key that the ledger knows of: never used, used by another
 * caller (keys are each caller's own), or a request still on its way.
 */
public final class IdempotencyKeyNotFoundException extends LedgerException {

  public IdempotencyKeyNotFoundException() {
    super("no request of yours under this idempotency key is known");
  }
}
