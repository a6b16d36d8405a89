package dev.ewallet.ledger.domain.account;

/**
 * What an account is for. Only wallets belong to users and take part in deposits and transfers;
 * system accounts belong to the ledger itself and may be allowed to go negative.
 */
public enum AccountKind {
  /** A user's wallet: never negative. */
  USER(false, true),
  /**
   * A merchant's main account: paid like a wallet, and pays out (refunds, withdrawals) with the
   * balance check here. Credits land on its shards; a sweep gathers them here.
   */
  MERCHANT(false, true),
  /**
   * One of a merchant's sub-accounts (hot-account sharding): it only receives credits, and its
   * owner is the merchant's. Never a transfer target in its own name.
   */
  MERCHANT_SHARD(false, false),
  /**
   * The bank's side of deposits, one per currency. It goes negative by exactly what users hold, so
   * the sum of all entries stays zero. Like every system account, it may be served by shards
   * ({@link #isSystem}).
   */
  BANK_CLEARING(true, false),
  /**
   * Money on its way out or reserved, one per currency: pending withdrawals and holds. Its balance
   * is exactly the sum of what is pending, so it never goes negative.
   */
  HOLD(false, false),
  /** Money the bank has paid out for completed withdrawals, one per currency. */
  PAYOUT_CLEARING(false, false),
  /** The fees transfers paid, one per currency: the wallet business's revenue. */
  FEE_REVENUE(false, false),
  /**
   * Money that arrived for closed wallets, one per currency, each amount with the wallet it is kept
   * for, until an operator reopens that wallet. Customers' money: never negative.
   */
  SUSPENSE(false, false);

  private final boolean allowsNegative;
  private final boolean wallet;

  AccountKind(boolean allowsNegative, boolean wallet) {
    this.allowsNegative = allowsNegative;
    this.wallet = wallet;
  }

  public boolean allowsNegative() {
    return allowsNegative;
  }

  /** Whether users own accounts of this kind and move money in and out of them. */
  public boolean isWallet() {
    return wallet;
  }

  /**
   * Whether a row of this kind may be split into shards when it is hot: a merchant's main account
   * and its shards. A user's wallet never is: its owner's transfers must see one balance.
   */
  public boolean splits() {
    return this == MERCHANT || this == MERCHANT_SHARD;
  }

  /** Whether accounts of this kind belong to a user (wallets, merchants and their shards). */
  public boolean hasOwner() {
    return wallet || this == MERCHANT_SHARD;
  }

  /**
   * Whether accounts of this kind belong to the ledger: one per currency, which may be served by
   * shards of the same kind and currency (rows whose parent is the currency's account), so that
   * concurrent batches do not meet on one row. Every read of it sums its shards.
   */
  public boolean isSystem() {
    return !hasOwner();
  }
}
