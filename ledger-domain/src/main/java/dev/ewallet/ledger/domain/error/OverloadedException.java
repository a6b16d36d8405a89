package dev.ewallet.ledger.domain.error;

/**
 * The ledger could not take the request in time (its posting queue did not reach it within the wait
 * allowed). Nothing was executed and no key was claimed: the client may retry the same request
 * later.
 */
public final class OverloadedException extends LedgerException {

  public OverloadedException(String message) {
    super(message);
  }
}
