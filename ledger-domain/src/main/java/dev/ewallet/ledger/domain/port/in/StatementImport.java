package dev.ewallet.ledger.domain.port.in;

import dev.ewallet.ledger.domain.bank.LineStatus;
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

  /**
   * @param alreadyImported the statement was imported before with the same content: nothing was
   *     stored again, and only its unmatched lines were matched again
   */
  public record Statement(
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

  /**
   * @param lineId the stored line's id; {@code null} in a dry run of a statement not yet stored
   * @param action what matching did (or would do): {@code COMPLETE_WITHDRAWAL}, {@code
   *     FAIL_WITHDRAWAL}, or {@code null} when the line waits or was resolved before
   * @param withdrawalId the withdrawal the line settles; {@code null} if none
   * @param transactionId the settlement posted; {@code null} if none (and in a dry run)
   * @param reason why the line waits, or what settled it
   */
  public record Line(
      int number,
      Long lineId,
      LineStatus status,
      String action,
      TransactionId withdrawalId,
      TransactionId transactionId,
      String reason) {}
}
