package dev.ewallet.ledger.domain.error;

/** No account has this id. */
public final class AccountNotFoundException extends LedgerException {

  public AccountNotFoundException(long accountId) {
    super("account " + accountId + " does not exist");
  }
}
