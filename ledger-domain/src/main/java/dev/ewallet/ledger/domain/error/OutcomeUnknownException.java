package dev.ewallet.ledger.domain.error;

/**
 * The ledger cannot know whether the request committed: the database connection was lost while the
 * commit was under way, or the request's time ran out while its posting was in flight. Retrying
 * with the same idempotency key is always safe and returns the true outcome: the earlier posting
 * replayed if it committed, a new one if it did not.
 */
public final class OutcomeUnknownException extends LedgerException {

  public OutcomeUnknownException(String message) {
    super(message);
  }
}
