package dev.ewallet.ledger.domain.error;

/**
 * A bank file the ledger cannot take: not well-formed, not valid against its message's schema, of a
 * message it does not read, too large, naming an account it does not hold, or a statement whose
 * lines do not lead from its opening to its closing balance (the file is incomplete or altered).
 * Nothing of the file is stored.
 */
public final class StatementInvalidException extends LedgerException {

  public StatementInvalidException(String message) {
    super(message);
  }
}
