package dev.ewallet.ledger.domain.error;

/** Input that breaks a rule of the ledger's API: a bad amount, currency, identifier or field. */
public final class InvalidRequestException extends LedgerException {

  public InvalidRequestException(String message) {
    super(message);
  }
}
