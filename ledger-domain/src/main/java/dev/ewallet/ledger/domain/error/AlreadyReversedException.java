package dev.ewallet.ledger.domain.error;

/** The transaction has been reversed already; a transaction is reversed at most once. */
public final class AlreadyReversedException extends LedgerException {

  public AlreadyReversedException(String transactionId) {
    super("transaction " + transactionId + " is already reversed");
  }
}
