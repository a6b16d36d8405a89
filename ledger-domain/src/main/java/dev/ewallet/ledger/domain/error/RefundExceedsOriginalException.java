package dev.ewallet.ledger.domain.error;

/** A refund would take the refunds of a transfer beyond the transfer's amount. */
public final class RefundExceedsOriginalException extends LedgerException {

  private final long remainingMinor;

  public RefundExceedsOriginalException(String transactionId, long remainingMinor) {
    super(
        "transaction "
            + transactionId
            + " can be refunded at most "
            + remainingMinor
            + " more (minor units)");
    this.remainingMinor = remainingMinor;
  }

  /** What may still be refunded. */
  public long remainingMinor() {
    return remainingMinor;
  }
}
