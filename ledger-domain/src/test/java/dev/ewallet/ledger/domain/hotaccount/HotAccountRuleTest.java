package dev.ewallet.ledger.domain.hotaccount;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ewallet.ledger.domain.account.Account;
import dev.ewallet.ledger.domain.account.AccountId;
import dev.ewallet.ledger.domain.account.AccountKind;
import dev.ewallet.ledger.domain.account.AccountStatus;
import dev.ewallet.ledger.domain.account.EntryHash;
import java.time.Duration;
import java.time.Instant;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;

class HotAccountRuleTest {

  private static final Instant NOW = Instant.parse("2026-12-07T10:00:00Z");
  private static final HotAccountRule RULE =
      new HotAccountRule(200, Duration.ofSeconds(10), 16, 64);

  private static Account row(long id, AccountKind kind, Long parent) {
    return Account.rehydrate(
        id, 7L, "VND", kind, 0, NOW, parent, null, EntryHash.GENESIS, AccountStatus.ACTIVE);
  }

  private static HotRow hot(
      Account row, long rate, int shards, Instant newestShard, SplittingPolicy policy) {
    long merchant = row.parent() == null ? row.id().value() : row.parent().value();
    return new HotRow(
        new PostingRate(row.id(), rate), row, AccountId.of(merchant), shards, newestShard, policy);
  }

  @Test
  void aHotMerchantWithoutShardsIsSplitIntoTheFirstCount() {
    Account shop = row(1, AccountKind.MERCHANT, null);

    assertThat(RULE.shardsFor(hot(shop, 250, 0, null, SplittingPolicy.AUTOMATIC), NOW))
        .isEqualTo(OptionalInt.of(16));
    assertThat(RULE.shardsFor(hot(shop, 199, 0, null, SplittingPolicy.AUTOMATIC), NOW))
        .as("under the threshold")
        .isEmpty();
    assertThat(
            RULE.shardsFor(
                hot(shop, 250, 16, NOW.minusSeconds(60), SplittingPolicy.AUTOMATIC), NOW))
        .as("its main row still hot after the split: more shards would not help")
        .isEmpty();
  }

  @Test
  void aHotShardDoublesItsMerchantsShardsUpToTheMost() {
    Account shard = row(2, AccountKind.MERCHANT_SHARD, 1L);
    Instant aMinuteAgo = NOW.minusSeconds(60);

    assertThat(RULE.shardsFor(hot(shard, 300, 16, aMinuteAgo, SplittingPolicy.AUTOMATIC), NOW))
        .isEqualTo(OptionalInt.of(32));
    assertThat(RULE.shardsFor(hot(shard, 300, 48, aMinuteAgo, SplittingPolicy.AUTOMATIC), NOW))
        .isEqualTo(OptionalInt.of(64));
    assertThat(RULE.shardsFor(hot(shard, 300, 64, aMinuteAgo, SplittingPolicy.AUTOMATIC), NOW))
        .isEmpty();
  }

  @Test
  void aMerchantSplitLessThanAWindowAgoIsLeftAlone() {
    Account shard = row(2, AccountKind.MERCHANT_SHARD, 1L);

    assertThat(
            RULE.shardsFor(
                hot(shard, 300, 16, NOW.minusSeconds(9), SplittingPolicy.AUTOMATIC), NOW))
        .isEmpty();
  }

  @Test
  void onlyAutomaticMerchantsAndNeverAUsersWallet() {
    assertThat(
            RULE.shardsFor(
                hot(row(1, AccountKind.MERCHANT, null), 900, 0, null, SplittingPolicy.FORBIDDEN),
                NOW))
        .isEmpty();
    assertThat(
            RULE.shardsFor(
                hot(row(1, AccountKind.MERCHANT, null), 900, 0, null, SplittingPolicy.PINNED), NOW))
        .isEmpty();
    assertThat(
            RULE.shardsFor(
                hot(row(3, AccountKind.USER, null), 900, 0, null, SplittingPolicy.AUTOMATIC), NOW))
        .isEmpty();
  }

  @Test
  void theRuleIsChecked() {
    assertThatThrownBy(() -> new HotAccountRule(0, Duration.ofSeconds(10), 16, 64))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> new HotAccountRule(200, Duration.ofSeconds(10), 16, 8))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> new HotAccountRule(200, Duration.ofSeconds(10), 16, 257))
        .isInstanceOf(IllegalArgumentException.class);
  }
}
