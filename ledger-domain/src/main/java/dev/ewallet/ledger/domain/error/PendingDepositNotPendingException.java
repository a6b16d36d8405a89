package dev.ewallet.ledger.domain.error;

/** The pending deposit is settled or failed already and cannot change again. */
public final class PendingDepositNotPendingException extends LedgerException {

  public PendingDepositNotPendingException(String id, String state) {
    super("pending deposit " + id + " is " + state + ", not PENDING");
  }
}
