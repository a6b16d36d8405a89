package dev.ewallet.ledger.domain.error;

/** The hold is finished already and cannot change again; the message names its state. */
public final class HoldNotPendingException extends LedgerException {

  public HoldNotPendingException(String id, String state) {
    super("hold " + id + " is " + state + ", not PENDING");
  }
}
