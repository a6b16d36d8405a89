package dev.ewallet.ledger.domain.hotaccount;

import dev.ewallet.ledger.domain.account.AccountKind;
import dev.ewallet.ledger.domain.account.MerchantShards;
import java.time.Duration;
import java.time.Instant;
import java.util.Objects;
import java.util.OptionalInt;

/**
 * When the ledger splits a merchant by itself. A row is hot when it took at least {@code
 * postingsPerSecond} postings a second over {@code window}. A hot merchant without shards is split
 * into {@code firstShards}; a hot shard means its merchant's shards are too few, and their count
 * doubles, up to {@code maxShards}. A merchant split less than a window ago is left alone, so that
 * rates measured before the split do not split it again. Never a user's wallet, never a merchant
 * whose policy is not {@link SplittingPolicy#AUTOMATIC}, never a merchant's main row once it has
 * shards (only in-flight credits and payouts reach it then; more shards would not help).
 */
public record HotAccountRule(
    long postingsPerSecond, Duration window, int firstShards, int maxShards) {

  /**
   * 200 postings a second over ten seconds; 16 shards first, at most 64. One merchant row takes one
   * group-commit batch at a time, and on the reference machine a batch commits in 5 to 15 ms: at
   * 200 postings a second a row is in nearly every batch and the requests of other writers wait for
   * it (docs/hot-accounts.md).
   */
  public static final HotAccountRule DEFAULT =
      new HotAccountRule(200, Duration.ofSeconds(10), 16, 64);

  public HotAccountRule {
    Objects.requireNonNull(window, "window");
    if (postingsPerSecond < 1
        || firstShards < 1
        || maxShards < firstShards
        || maxShards > MerchantShards.MAX) {
      throw new IllegalArgumentException(
          "postingsPerSecond "
              + postingsPerSecond
              + ", firstShards "
              + firstShards
              + ", maxShards "
              + maxShards
              + " (at most "
              + MerchantShards.MAX
              + ")");
    }
  }

  /** How many shards the hot row's merchant should have now; empty to leave it as it is. */
  public OptionalInt shardsFor(HotRow hot, Instant now) {
    if (!hot.row().kind().splits()
        || hot.policy() != SplittingPolicy.AUTOMATIC
        || hot.rate().perSecond() < postingsPerSecond
        || (hot.newestShardAt() != null && now.isBefore(hot.newestShardAt().plus(window)))) {
      return OptionalInt.empty();
    }
    if (hot.row().kind() == AccountKind.MERCHANT) {
      return hot.shards() == 0 ? OptionalInt.of(firstShards) : OptionalInt.empty();
    }
    int more = Math.min(maxShards, hot.shards() * 2);
    return more > hot.shards() ? OptionalInt.of(more) : OptionalInt.empty();
  }
}
