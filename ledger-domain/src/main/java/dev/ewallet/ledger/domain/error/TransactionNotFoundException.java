package dev.ewallet.ledger.domain.error;

/** No journal transaction has this id. */
public final class TransactionNotFoundException extends LedgerException {

  public TransactionNotFoundException(String transactionId) {
    super("transaction " + transactionId + " does not exist");
  }
}
