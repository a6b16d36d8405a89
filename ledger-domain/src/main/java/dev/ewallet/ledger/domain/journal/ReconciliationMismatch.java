package dev.ewallet.ledger.domain.journal;

/**
 * One way the books fail to balance.
 *
 * @param accountId the account concerned, or {@code null} for a currency-wide sum
 * @param entryId the first entry where a balance chain breaks, or {@code null}
 * @param expectedMinor what the books require
 * @param actualMinor what is stored
 */
public record ReconciliationMismatch(
    Kind kind,
    Long accountId,
    Long entryId,
    String currency,
    long expectedMinor,
    long actualMinor) {

  /** The rule that failed. */
  public enum Kind {
    /** The entries of one currency do not sum to zero. */
    CURRENCY_SUM_NOT_ZERO,
    /** An account's cached balance differs from the sum of its entries. */
    BALANCE_NOT_ENTRY_SUM,
    /** An entry's balance_after is not the previous balance_after plus its amount. */
    BALANCE_AFTER_CHAIN_BROKEN,
    /** A hold account's balance is not the sum of its currency's pending withdrawals and holds. */
    HOLD_BALANCE_NOT_PENDING_SUM,
    /**
     * An entry's hash is not the link of the hash before it and its own fields (the entry named is
     * the first such), or the account's chain ends elsewhere than its newest entry; the amounts are
     * 0.
     */
    HASH_CHAIN_BROKEN,
    /**
     * The journal no longer gives an account's state as the newest signed checkpoint states it: the
     * entry the checkpoint's leaf ends with is gone, or has another hash or balance
     * (docs/proofs.md); the entry named is that one, the amounts are the leaf's balance and the
     * entry's (0 when gone).
     */
    CHECKPOINT_LEAF_NOT_IN_JOURNAL
  }
}
