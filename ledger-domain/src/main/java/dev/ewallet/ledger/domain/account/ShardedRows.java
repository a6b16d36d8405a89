package dev.ewallet.ledger.domain.account;

import dev.ewallet.ledger.domain.money.CurrencyCode;
import java.util.Objects;

/**
 * The shards of the accounts of one kind in one currency, as committed: how many rows there are,
 * and what they hold together. A merchant's shards hold what the next sweep moves to its main
 * account, so for merchants that sum is the sweep's lag, in money; system accounts' shards are
 * never swept and hold their share of the account's balance.
 *
 * @param kind the kind of the accounts the shards belong to: {@link AccountKind#MERCHANT} or a
 *     system kind
 * @param shards how many shard rows, at least 1
 * @param balanceMinor what they hold together, in {@code currency}
 */
public record ShardedRows(AccountKind kind, CurrencyCode currency, long shards, long balanceMinor) {

  public ShardedRows {
    Objects.requireNonNull(kind, "kind");
    Objects.requireNonNull(currency, "currency");
    if (kind != AccountKind.MERCHANT && !kind.isSystem()) {
      throw new IllegalArgumentException("accounts of kind " + kind + " have no shards");
    }
    if (shards < 1) {
      throw new IllegalArgumentException("a count of shards below 1: " + shards);
    }
  }
}
