package dev.ewallet.ledger.domain.error;

/** The owner already holds as many accounts as one user may. */
public final class TooManyAccountsException extends LedgerException {

  public TooManyAccountsException(int maxPerUser) {
    super("a user may hold at most " + maxPerUser + " accounts");
  }
}
