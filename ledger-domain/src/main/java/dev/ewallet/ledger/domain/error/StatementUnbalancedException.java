package dev.ewallet.ledger.domain.error;

/**
 * A bank statement whose lines do not lead from its opening balance to its closing balance: the
 * bank's file is incomplete or altered, and none of it is stored or matched.
 */
public final class StatementUnbalancedException extends LedgerException {

  public StatementUnbalancedException(String statementId, String expected, String closing) {
    super(
        "statement "
            + statementId
            + ": the opening balance and the lines come to "
            + expected
            + ", the closing balance says "
            + closing);
  }
}
