package dev.ewallet.ledger.domain.error;

/** No payment file of payouts has this id. */
public final class PayoutFileNotFoundException extends LedgerException {

  public PayoutFileNotFoundException(String fileId) {
    super("no payout file " + fileId);
  }
}
