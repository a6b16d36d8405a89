package dev.ewallet.ledger.domain.bank;

import dev.ewallet.ledger.domain.bankflow.BankAccountNumber;
import java.util.Objects;

/**
 * A statement line as the ledger keeps it: its row id, the statement it came with, what it says and
 * how it was resolved so far.
 *
 * @param resolution {@code null} while unmatched
 */
public record StoredLine(
    long id,
    String messageId,
    String statementId,
    BankAccountNumber account,
    StatementLine line,
    LineResolution resolution) {

  public StoredLine {
    Objects.requireNonNull(line, "line");
  }

  public LineStatus status() {
    return resolution == null ? LineStatus.UNMATCHED : resolution.status();
  }
}
