package dev.ewallet.ledger.domain.error;

/** No statement line has this id. */
public final class StatementLineNotFoundException extends LedgerException {

  public StatementLineNotFoundException(long lineId) {
    super("no statement line " + lineId);
  }
}
