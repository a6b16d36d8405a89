package dev.ewallet.ledger.domain.error;

/** The account has as many monitors as one account may. */
public final class TooManyMonitorsException extends LedgerException {

  public TooManyMonitorsException(long accountId, int max) {
    super("account " + accountId + " has " + max + " monitors, the most one account may have");
  }
}
