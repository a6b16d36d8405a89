package dev.ewallet.ledger.domain.error;

/** A statement line that was matched or dismissed before: a resolution is recorded once. */
public final class StatementLineResolvedException extends LedgerException {

  public StatementLineResolvedException(long lineId, String status) {
    super("statement line " + lineId + " is " + status + " already");
  }
}
