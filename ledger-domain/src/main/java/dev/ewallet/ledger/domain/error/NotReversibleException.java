package dev.ewallet.ledger.domain.error;

/**
 * The transaction cannot be reversed: its type moves money only through a state machine (a
 * withdrawal or a hold step), or it is itself a reversal or a sweep.
 */
public final class NotReversibleException extends LedgerException {

  public NotReversibleException(String transactionId, String type) {
    super(
        "transaction "
            + transactionId
            + " is a "
            + type
            + "; only deposits and transfers can be reversed");
  }
}
