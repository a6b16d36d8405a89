package dev.ewallet.ledger.domain.error;

/** A JSON statement would hold more entries than one answer may; CSV streams any number. */
public final class StatementTooLargeException extends LedgerException {

  public StatementTooLargeException(long entries, int max) {
    super(
        "the period holds "
            + entries
            + " entries; a JSON statement holds at most "
            + max
            + ": ask for text/csv, or a shorter period");
  }
}
