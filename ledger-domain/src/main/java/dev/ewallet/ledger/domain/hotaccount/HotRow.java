package dev.ewallet.ledger.domain.hotaccount;

import dev.ewallet.ledger.domain.account.Account;
import dev.ewallet.ledger.domain.account.AccountId;
import java.time.Instant;
import java.util.Objects;

/**
 * A row measured hot, with what deciding about it needs: the merchant it belongs to (itself, or a
 * shard's parent), that merchant's shards and when the newest was opened, and its policy.
 *
 * @param newestShardAt when the merchant's newest shard was opened; {@code null} without shards
 */
public record HotRow(
    PostingRate rate,
    Account row,
    AccountId merchant,
    int shards,
    Instant newestShardAt,
    SplittingPolicy policy) {

  public HotRow {
    Objects.requireNonNull(rate, "rate");
    Objects.requireNonNull(row, "row");
    Objects.requireNonNull(merchant, "merchant");
    Objects.requireNonNull(policy, "policy");
    if (!rate.accountId().equals(row.id())) {
      throw new IllegalArgumentException("the rate of " + rate.accountId() + " for " + row.id());
    }
  }
}
