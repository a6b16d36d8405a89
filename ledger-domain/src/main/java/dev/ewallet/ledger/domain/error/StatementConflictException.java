package dev.ewallet.ledger.domain.error;

/**
 * A statement whose ids were imported before with other content: the bank sent a corrected file
 * under the same ids, or the file was altered. Nothing of the file is stored; an operator takes it
 * up with the bank.
 */
public final class StatementConflictException extends LedgerException {

  public StatementConflictException(String messageId, String statementId) {
    super(
        "statement "
            + statementId
            + " of message "
            + messageId
            + " was imported before with other content");
  }
}
