package dev.ewallet.ledger.domain.error;

/** The caller may not act on this account or needs the operator scope. */
public final class AccessDeniedException extends LedgerException {

  public AccessDeniedException(String message) {
    super(message);
  }
}
