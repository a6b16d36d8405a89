package dev.ewallet.ledger.domain.error;

/**
 * The transaction cannot be reversed: its type moves money only through a state machine (a
 * withdrawal or a hold step), it is itself a reversal, a refund or a sweep, or it was refunded in
 * part (its refunds stand; a reversal would pay them twice).
 */
public final class NotReversibleException extends LedgerException {

  public NotReversibleException(String transactionId, String type) {
    super(
        "transaction "
            + transactionId
            + " is a "
            + type
            + "; only deposits, transfers and multi-leg postings can be reversed");
  }

  private NotReversibleException(String message) {
    super(message);
  }

  /** A transfer refunded in part: it is refunded further, never reversed. */
  public static NotReversibleException refunded(String transactionId, long refundedMinor) {
    return new NotReversibleException(
        "transaction "
            + transactionId
            + " was refunded "
            + refundedMinor
            + " (minor units); refund the rest instead of reversing it");
  }
}
