package dev.ewallet.ledger.domain.error;

/** The withdrawal is finished already and cannot change again; the message names its state. */
public final class WithdrawalNotPendingException extends LedgerException {

  public WithdrawalNotPendingException(String id, String state) {
    super("withdrawal " + id + " is " + state + ", not PENDING");
  }
}
