package dev.ewallet.ledger.domain.error;

/** No hold has this id. */
public final class HoldNotFoundException extends LedgerException {

  public HoldNotFoundException(String id) {
    super("hold " + id + " does not exist");
  }
}
