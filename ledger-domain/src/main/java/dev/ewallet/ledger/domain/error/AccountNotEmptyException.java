package dev.ewallet.ledger.domain.error;

/**
 * A wallet closes only at a zero balance with nothing held, nothing on its way out and no deposit
 * announced for it; this one still has some.
 *
 * @param balanceMinor what it holds, its merchant shards included
 * @param heldMinor what its pending holds and withdrawals reserve
 * @param pendingInMinor what announced deposits will bring it
 */
public final class AccountNotEmptyException extends LedgerException {

  private final long accountId;
  private final long balanceMinor;
  private final long heldMinor;
  private final long pendingInMinor;

  public AccountNotEmptyException(
      long accountId, long balanceMinor, long heldMinor, long pendingInMinor) {
    super(
        "account "
            + accountId
            + " still has a balance of "
            + balanceMinor
            + ", "
            + heldMinor
            + " held or on its way out and "
            + pendingInMinor
            + " announced to arrive");
    this.accountId = accountId;
    this.balanceMinor = balanceMinor;
    this.heldMinor = heldMinor;
    this.pendingInMinor = pendingInMinor;
  }

  public long accountId() {
    return accountId;
  }

  public long balanceMinor() {
    return balanceMinor;
  }

  public long heldMinor() {
    return heldMinor;
  }

  public long pendingInMinor() {
    return pendingInMinor;
  }
}
