package dev.ewallet.ledger.domain.error;

/** No pending deposit has this id. */
public final class PendingDepositNotFoundException extends LedgerException {

  public PendingDepositNotFoundException(String id) {
    super("pending deposit " + id + " does not exist");
  }
}
