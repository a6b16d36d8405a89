package dev.ewallet.ledger.domain.error;

/** A transfer names the same account as source and destination. */
public final class SameAccountException extends LedgerException {

  public SameAccountException(long accountId) {
    super("cannot transfer from account " + accountId + " to itself");
  }
}
