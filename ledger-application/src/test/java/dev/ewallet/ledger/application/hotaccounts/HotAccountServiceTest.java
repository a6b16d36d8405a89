package dev.ewallet.ledger.application.hotaccounts;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ewallet.ledger.application.LedgerServicesFixture;
import dev.ewallet.ledger.application.posting.PostingMode;
import dev.ewallet.ledger.domain.account.Account;
import dev.ewallet.ledger.domain.account.AccountId;
import dev.ewallet.ledger.domain.account.AccountKind;
import dev.ewallet.ledger.domain.account.UserId;
import dev.ewallet.ledger.domain.error.AccessDeniedException;
import dev.ewallet.ledger.domain.error.InvalidRequestException;
import dev.ewallet.ledger.domain.hotaccount.HotAccountDecision;
import dev.ewallet.ledger.domain.hotaccount.HotAccountRule;
import dev.ewallet.ledger.domain.hotaccount.SplittingPolicy;
import dev.ewallet.ledger.domain.port.in.Caller;
import dev.ewallet.ledger.domain.port.in.CreateAccountCommand;
import dev.ewallet.ledger.domain.port.in.SetSplittingPolicyCommand;
import dev.ewallet.ledger.domain.port.in.SplitHotAccountsCommand;
import dev.ewallet.ledger.testkit.LedgerFixtures;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The ledger's own splitting of hot merchants through the use cases and the one posting path: the
 * posting path measures merchant rows, the job splits by the rule, operators forbid or pin.
 */
class HotAccountServiceTest {

  /** Five postings a second over two seconds is hot; 4 shards first, at most 8. */
  private static final HotAccountRule RULE = new HotAccountRule(5, Duration.ofSeconds(2), 4, 8);

  private final LedgerServicesFixture f = new LedgerServicesFixture(PostingMode.INLINE, RULE);
  private final AccountId payer = f.openWallet(7);
  private final AccountId shop = openMerchant(9);

  private AccountId openMerchant(long owner) {
    return f.services
        .accounts()
        .create(
            new CreateAccountCommand(
                LedgerServicesFixture.OPERATOR,
                LedgerFixtures.VND,
                UserId.of(owner),
                AccountKind.MERCHANT,
                null))
        .account()
        .id();
  }

  private void pay(int times) {
    for (int i = 0; i < times; i++) {
      f.transfer(7, payer, shop, 10);
    }
  }

  private List<HotAccountDecision> splitHot() {
    return f.services.hotAccounts().splitHot(new SplitHotAccountsCommand(10));
  }

  private List<Account> shards() {
    return f.ledger.accounts().findShards(shop);
  }

  @Test
  void aMerchantMeasuredHotIsSplitAndLaterCreditsLandOnItsShards() {
    f.deposit(payer, 1_000_000);
    pay(9);
    assertThat(splitHot()).as("4 postings a second: not hot yet").isEmpty();
    pay(1);

    List<HotAccountDecision> made = splitHot();

    assertThat(made)
        .singleElement()
        .satisfies(d -> {
          assertThat(d.merchant()).isEqualTo(shop);
          assertThat(d.action()).isEqualTo(HotAccountDecision.Action.SPLIT);
          assertThat(d.shardsBefore()).isZero();
          assertThat(d.shardsAfter()).isEqualTo(4);
          assertThat(d.measuredRow()).isEqualTo(shop);
          assertThat(d.postingsPerSecond()).isEqualTo(5);
          assertThat(d.threshold()).isEqualTo(5);
          assertThat(d.decidedBy()).isNull();
        });
    assertThat(shards()).hasSize(4);
    assertThat(splitHot()).as("split less than a window ago").isEmpty();

    pay(40);
    assertThat(shards().stream().mapToLong(s -> s.balance().amountMinor()).sum())
        .as("every credit after the split landed on a shard")
        .isEqualTo(400);
    assertThat(f.services.accounts().get(LedgerServicesFixture.OPERATOR, shop).balance())
        .as("the merchant's balance sums its main account and shards")
        .isEqualTo(LedgerFixtures.vnd(500));
    assertThat(f.booksBalance()).isTrue();
    assertThat(
            f.services
                .hotAccounts()
                .hotAccounts(LedgerServicesFixture.OPERATOR, null, 10)
                .decisions())
        .containsExactlyElementsOf(made);
  }

  @Test
  void aShardStillHotAfterAWindowDoublesTheShardsUpToTheMost() {
    f.deposit(payer, 1_000_000);
    pay(10);
    assertThat(splitHot()).hasSize(1);
    f.clock.advance(Duration.ofSeconds(3));

    pay(200); // about 50 a shard: 25 a second each

    assertThat(splitHot())
        .singleElement()
        .satisfies(d -> {
          assertThat(d.shardsBefore()).isEqualTo(4);
          assertThat(d.shardsAfter()).isEqualTo(8);
          assertThat(f.ledger.accounts().findById(d.measuredRow()).orElseThrow().parent())
              .isEqualTo(shop);
        });
    f.clock.advance(Duration.ofSeconds(3));
    pay(200);
    assertThat(splitHot()).as("at the most shards the rule allows").isEmpty();
    assertThat(shards()).hasSize(8);
  }

  @Test
  void aForbiddenMerchantIsNotSplitAndAPinnedOneKeepsWhatTheOperatorSet() {
    f.deposit(payer, 1_000_000);
    HotAccountDecision forbidden =
        f.services
            .hotAccounts()
            .setSplittingPolicy(
                new SetSplittingPolicyCommand(
                    LedgerServicesFixture.OPERATOR, shop, SplittingPolicy.FORBIDDEN, null));
    assertThat(forbidden.action()).isEqualTo(HotAccountDecision.Action.FORBIDDEN);
    assertThat(forbidden.decidedBy()).isEqualTo(1);
    pay(20);
    assertThat(splitHot()).isEmpty();

    HotAccountDecision pinned =
        f.services
            .hotAccounts()
            .setSplittingPolicy(
                new SetSplittingPolicyCommand(
                    LedgerServicesFixture.OPERATOR, shop, SplittingPolicy.PINNED, 2));
    assertThat(pinned.shardsBefore()).isZero();
    assertThat(pinned.shardsAfter()).isEqualTo(2);
    assertThat(shards()).hasSize(2);
    f.clock.advance(Duration.ofSeconds(3));
    pay(100);
    assertThat(splitHot()).as("a pinned merchant's hot shards are left as pinned").isEmpty();
    assertThatThrownBy(() ->
            f.services
                .hotAccounts()
                .setSplittingPolicy(
                    new SetSplittingPolicyCommand(
                        LedgerServicesFixture.OPERATOR, shop, SplittingPolicy.PINNED, 1)))
        .isInstanceOf(InvalidRequestException.class)
        .hasMessageContaining("never removed");
  }

  @Test
  void aUsersWalletIsNeverSplitAndOnlyOperatorsDecide() {
    f.deposit(payer, 1_000_000);
    AccountId friend = f.openWallet(8);
    for (int i = 0; i < 20; i++) {
      f.transfer(7, payer, friend, 10);
    }

    assertThat(splitHot()).isEmpty();
    assertThat(
            f.services
                .hotAccounts()
                .hotAccounts(LedgerServicesFixture.OPERATOR, null, 10)
                .hottest())
        .as("wallets are not even measured")
        .isEmpty();
    assertThatThrownBy(() ->
            f.services
                .hotAccounts()
                .setSplittingPolicy(
                    new SetSplittingPolicyCommand(
                        LedgerServicesFixture.OPERATOR, friend, SplittingPolicy.PINNED, 4)))
        .isInstanceOf(InvalidRequestException.class)
        .hasMessageContaining("never a user's wallet");
    assertThatThrownBy(() ->
            f.services
                .hotAccounts()
                .setSplittingPolicy(
                    new SetSplittingPolicyCommand(
                        Caller.user(9), shop, SplittingPolicy.FORBIDDEN, null)))
        .isInstanceOf(AccessDeniedException.class);
    assertThatThrownBy(() -> f.services.hotAccounts().hotAccounts(Caller.user(9), null, 10))
        .isInstanceOf(AccessDeniedException.class);
  }
}
