package dev.ewallet.ledger.domain.error;

/**
 * The ledger could not serve the request in time: no database connection or posting batch took it
 * within the wait allowed, or the database did not answer a statement of an uncommitted transaction
 * in time. Either way nothing was committed and no key was claimed: the client may retry the same
 * request later.
 */
public final class OverloadedException extends LedgerException {

  public OverloadedException(String message) {
    super(message);
  }
}
