package dev.ewallet.ledger.domain.port.in;

import dev.ewallet.ledger.domain.journal.TransactionId;
import dev.ewallet.ledger.domain.money.CurrencyCode;
import java.util.List;

/**
 * What an import did, or in a dry run would do, statement by statement and line by line.
 *
 * @param statements in the file's order
 */
public record StatementImport(boolean dryRun, List<Statement> statements) {

  public StatementImport {
    statements = List.copyOf(statements);
  }

  /** Whether the import stored a statement it had not seen: then it created something. */
  public boolean storedAny() {
    return !dryRun && statements.stream().anyMatch(statement -> !statement.alreadyImported());
  }

  /**
   * @param id the stored statement's id; {@code null} in a dry run of a statement not yet stored
   * @param alreadyImported the statement was imported before with the same content: nothing was
   *     stored again, and only its unmatched lines were matched again
   */
  public record Statement(
      Long id,
      String messageId,
      String statementId,
      String account,
      CurrencyCode currency,
      boolean alreadyImported,
      List<Line> lines) {

    public Statement {
      lines = List.copyOf(lines);
    }
  }

  /** What the import did with a line, or in a dry run would do. */
  public enum Outcome {
    /** It paid a pending withdrawal out: the withdrawal completed. */
    SETTLED_WITHDRAWAL,
    /** It returned a withdrawal's payment: the withdrawal failed, the money back in the wallet. */
    FAILED_WITHDRAWAL,
    /** It paid a pending deposit in: the deposit posted to its wallet. */
    SETTLED_DEPOSIT,
    /**
     * It named a wallet's standing deposit reference: it was booked to that wallet as a deposit.
     */
    BOOKED_DEPOSIT,
    /** It was resolved before, by an earlier import or an operator, as a match: nothing changed. */
    MATCHED,
    /** An operator dismissed it before: nothing changed. */
    DISMISSED,
    /** No rule settles it: it waits in the exceptions queue, with the reason. */
    UNMATCHED
  }

  /**
   * @param lineId the stored line's id; {@code null} in a dry run of a statement not yet stored
   * @param withdrawalId the withdrawal the line settles or settled; {@code null} if none
   * @param depositId the pending deposit the line settles or settled; {@code null} if none
   * @param transactionId the settlement posted; {@code null} if none (and in a dry run)
   * @param reason why the line waits, or what settled it
   */
  public record Line(
      int number,
      Long lineId,
      Outcome outcome,
      TransactionId withdrawalId,
      TransactionId depositId,
      TransactionId transactionId,
      String reason) {}
}
