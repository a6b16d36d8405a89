package dev.ewallet.ledger.domain.account;

import static dev.ewallet.ledger.domain.DomainValues.vnd;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ewallet.ledger.domain.error.AccountClosedException;
import dev.ewallet.ledger.domain.error.AccountDormantException;
import dev.ewallet.ledger.domain.error.InsufficientFundsException;
import dev.ewallet.ledger.domain.error.InvalidRequestException;
import dev.ewallet.ledger.domain.money.CurrencyCode;
import java.time.Instant;
import org.junit.jupiter.api.Test;

class AccountTest {

  private static Account wallet(long balance) {
    return Account.rehydrate(1, 7L, "VND", AccountKind.USER, balance, Instant.EPOCH);
  }

  @Test
  void aWalletMayBeDebitedDownToZeroButNotBelow() {
    assertThat(wallet(1_000).balanceAfter(vnd(-1_000))).isEqualTo(vnd(0));
    assertThatThrownBy(() -> wallet(1_000).balanceAfter(vnd(-1_001)))
        .isInstanceOf(InsufficientFundsException.class)
        .hasMessage("account 1 holds 1000 and cannot be debited 1001");
  }

  @Test
  void aDormantWalletTakesCreditsRefusesDebitsAndWakesOnlyFromDormancy() {
    Account dormant = wallet(500).withStatus(AccountStatus.DORMANT);

    dormant.requireOpenTo(vnd(100));
    assertThatThrownBy(() -> dormant.requireOpenTo(vnd(-1)))
        .isInstanceOf(AccountDormantException.class);
    assertThat(dormant.reactivated()).isEqualTo(AccountStatus.ACTIVE);
    assertThat(wallet(0).reactivated()).isNull();
    assertThat(wallet(0).withStatus(AccountStatus.FROZEN_ALL).reactivated()).isNull();
    assertThatThrownBy(() -> wallet(0).withStatus(AccountStatus.CLOSED).reactivated())
        .isInstanceOf(AccountClosedException.class);
  }

  @Test
  void bankClearingMayGoNegative() {
    Account clearing =
        Account.rehydrate(2, null, "VND", AccountKind.BANK_CLEARING, 0, Instant.EPOCH);
    assertThat(clearing.balanceAfter(vnd(-50_000))).isEqualTo(vnd(-50_000));
  }

  @Test
  void rehydrationRefusesStoredStateThatBreaksAnInvariant() {
    assertThatThrownBy(() -> wallet(-1)).isInstanceOf(IllegalStateException.class);
    assertThatThrownBy(() -> Account.rehydrate(3, null, "VND", AccountKind.USER, 0, Instant.EPOCH))
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("no owner");
  }

  @Test
  void shardsBelongToMerchantsAndSystemAccountsOnly() {
    Account holdShard = shard(AccountKind.HOLD, null);
    assertThat(holdShard.parent()).isEqualTo(AccountId.of(1));
    assertThat(shard(AccountKind.MERCHANT_SHARD, 7L).parent()).isEqualTo(AccountId.of(1));
    assertThatThrownBy(() -> shard(AccountKind.USER, 7L))
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("has parent");
    assertThatThrownBy(() -> shard(AccountKind.MERCHANT, 7L))
        .isInstanceOf(IllegalStateException.class);
    assertThatThrownBy(() ->
            Account.rehydrate(
                4,
                7L,
                "VND",
                AccountKind.MERCHANT_SHARD,
                0,
                Instant.EPOCH,
                null,
                null,
                EntryHash.GENESIS,
                AccountStatus.ACTIVE))
        .isInstanceOf(IllegalStateException.class);
  }

  @Test
  void shardedRowsAreOfMerchantsOrSystemAccounts() {
    CurrencyCode vnd = CurrencyCode.of("VND");
    assertThat(new ShardedRows(AccountKind.HOLD, vnd, 8, 0).shards()).isEqualTo(8);
    assertThat(new ShardedRows(AccountKind.MERCHANT, vnd, 16, 900).balanceMinor()).isEqualTo(900);
    assertThatThrownBy(() -> new ShardedRows(AccountKind.USER, vnd, 1, 0))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> new ShardedRows(AccountKind.MERCHANT_SHARD, vnd, 1, 0))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> new ShardedRows(AccountKind.FEE_REVENUE, vnd, 0, 0))
        .isInstanceOf(IllegalArgumentException.class);
  }

  private static Account shard(AccountKind kind, Long owner) {
    return Account.rehydrate(
        3, owner, "VND", kind, 0, Instant.EPOCH, 1L, null, EntryHash.GENESIS, AccountStatus.ACTIVE);
  }

  @Test
  void aPostingNeverTakesATimeBeforeTheAccountsNewestEntry() {
    Instant first = Instant.parse("2026-12-01T10:00:00Z");
    Account posted = wallet(0).posted(vnd(500), first, EntryHash.GENESIS);
    assertThat(posted.lastEntryAt()).isEqualTo(first);
    assertThat(posted.balance()).isEqualTo(vnd(500));

    // A later clock is taken as it is; a clock behind the newest entry takes the entry's time.
    assertThat(posted.earliestPostingTime(first.plusMillis(3))).isEqualTo(first.plusMillis(3));
    assertThat(posted.earliestPostingTime(first.minusMillis(3))).isEqualTo(first);
    assertThat(wallet(0).earliestPostingTime(Instant.EPOCH)).isEqualTo(Instant.EPOCH);
    assertThat(posted.posted(vnd(400), first, EntryHash.GENESIS).lastEntryAt()).isEqualTo(first);
    assertThatThrownBy(() -> posted.posted(vnd(400), first.minusNanos(1000), EntryHash.GENESIS))
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("later than");
  }

  @Test
  void ownershipIsByUserId() {
    assertThat(wallet(0).isOwnedBy(UserId.of(7))).isTrue();
    assertThat(wallet(0).isOwnedBy(UserId.of(8))).isFalse();
    assertThat(wallet(0).isOwnedBy(null)).isFalse();
  }

  @Test
  void idsArePositive() {
    assertThatThrownBy(() -> AccountId.of(0)).isInstanceOf(InvalidRequestException.class);
    assertThatThrownBy(() -> UserId.of(-3)).isInstanceOf(InvalidRequestException.class);
  }
}
