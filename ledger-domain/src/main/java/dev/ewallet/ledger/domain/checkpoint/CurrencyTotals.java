package dev.ewallet.ledger.domain.checkpoint;

import dev.ewallet.ledger.domain.money.CurrencyCode;
import java.util.Objects;

/**
 * One currency's part of a checkpoint: the root of the Merkle sum tree over its customer accounts
 * (wallets, merchants and their shards), whose sum is what they hold, and the system accounts'
 * balance beside it. The currency's books balance when the two add up to zero.
 */
public record CurrencyTotals(CurrencyCode currency, SumNode root, long systemBalanceMinor) {

  public CurrencyTotals {
    Objects.requireNonNull(currency, "currency");
    Objects.requireNonNull(root, "root");
  }

  /** What the customer accounts hold: the root's sum. */
  public long totalMinor() {
    return root.sumMinor();
  }

  /** Whether the customer accounts and the system accounts add up to zero. */
  public boolean booksBalance() {
    return Math.addExact(totalMinor(), systemBalanceMinor) == 0;
  }
}
