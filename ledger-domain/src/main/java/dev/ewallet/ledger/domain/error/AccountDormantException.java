package dev.ewallet.ledger.domain.error;

/**
 * The wallet is dormant: its owner did nothing with it for the dormancy period, so nothing leaves
 * it until its owner or an operator reactivates it. Money still arrives.
 */
public final class AccountDormantException extends LedgerException {

  private final long accountId;

  public AccountDormantException(long accountId) {
    super(
        "account "
            + accountId
            + " is dormant: reactivate it (POST /v1/accounts/"
            + accountId
            + "/reactivate) before paying from it");
    this.accountId = accountId;
  }

  public long accountId() {
    return accountId;
  }
}
