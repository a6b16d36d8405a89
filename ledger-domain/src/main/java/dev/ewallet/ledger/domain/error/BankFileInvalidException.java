package dev.ewallet.ledger.domain.error;

/**
 * A bank file the ledger cannot take: not well-formed, not valid against its message's schema, of a
 * message it does not read, too large, or naming an account or currency it does not hold. Nothing
 * of the file is stored.
 */
public final class BankFileInvalidException extends LedgerException {

  public BankFileInvalidException(String message) {
    super(message);
  }
}
