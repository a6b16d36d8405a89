package dev.ewallet.ledger.domain.error;

/** The account is frozen against this change: a debit, or any change when frozen for all. */
public final class AccountFrozenException extends LedgerException {

  private final long accountId;
  private final String status;

  public AccountFrozenException(long accountId, String status) {
    super("account " + accountId + " is " + status);
    this.accountId = accountId;
    this.status = status;
  }

  public long accountId() {
    return accountId;
  }

  public String status() {
    return status;
  }
}
