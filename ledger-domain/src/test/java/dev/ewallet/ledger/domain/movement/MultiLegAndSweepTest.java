package dev.ewallet.ledger.domain.movement;

import static dev.ewallet.ledger.domain.DomainValues.USD;
import static dev.ewallet.ledger.domain.DomainValues.posting;
import static dev.ewallet.ledger.domain.DomainValues.vnd;
import static dev.ewallet.ledger.domain.movement.Rows.AT;
import static dev.ewallet.ledger.domain.movement.Rows.account;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ewallet.ledger.domain.account.AccountId;
import dev.ewallet.ledger.domain.account.AccountKind;
import dev.ewallet.ledger.domain.error.AccessDeniedException;
import dev.ewallet.ledger.domain.error.AmountLimitExceededException;
import dev.ewallet.ledger.domain.error.InvalidRequestException;
import dev.ewallet.ledger.domain.journal.Posting;
import dev.ewallet.ledger.domain.journal.TransactionId;
import dev.ewallet.ledger.domain.limits.AmountLimits;
import dev.ewallet.ledger.domain.limits.FeeSchedule;
import dev.ewallet.ledger.domain.money.Money;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class MultiLegAndSweepTest {

  private final Rows rows =
      new Rows()
          .with(
              account(1, AccountKind.USER, 1_000),
              account(2, AccountKind.USER, 0),
              account(3, AccountKind.MERCHANT, 0),
              account(5, AccountKind.USER, 0, USD),
              account(6, AccountKind.USER, 100, USD),
              account(9, AccountKind.HOLD, 0),
              account(301, AccountKind.MERCHANT_SHARD, 70));

  private static MultiLeg legs(long... idAndAmount) {
    List<MultiLeg.Leg> legs = new ArrayList<>();
    for (int i = 0; i < idAndAmount.length; i += 2) {
      legs.add(new MultiLeg.Leg(AccountId.of(idAndAmount[i]), idAndAmount[i + 1]));
    }
    return new MultiLeg(legs);
  }

  private PostingPlan plan(Movement movement, PostingRules rules) {
    return movement.plan(rows, rules, TransactionId.random(), AT);
  }

  @Test
  void legsBetweenWalletsPostTogetherSummingToZeroPerCurrency() {
    MultiLeg split = legs(1, -300, 2, 200, 3, 100, 6, -40, 5, 40);

    assertThat(plan(split, PostingRules.DEFAULT).transaction().postings())
        .containsExactly(
            posting(1, vnd(-300)),
            posting(2, vnd(200)),
            posting(3, vnd(100)),
            new Posting(AccountId.of(6), Money.of(-40, USD)),
            new Posting(AccountId.of(5), Money.of(40, USD)));
    assertThat(split.accountsToLock()).hasSize(5);
  }

  @Test
  void theLegsOfEachCurrencyMustSumToZeroInTheAccountsCurrencies() {
    assertThatThrownBy(() -> plan(legs(1, -100, 5, 100), PostingRules.DEFAULT))
        .isInstanceOf(InvalidRequestException.class)
        .hasMessageContaining("sum to");
  }

  @Test
  void neverAShardOrASystemAccountAndNoLegAboveTheMaximum() {
    assertThatThrownBy(() -> plan(legs(1, -100, 9, 100), PostingRules.DEFAULT))
        .isInstanceOf(AccessDeniedException.class);
    assertThatThrownBy(() -> plan(legs(1, -100, 301, 100), PostingRules.DEFAULT))
        .isInstanceOf(AccessDeniedException.class);
    PostingRules small = new PostingRules(new AmountLimits(99, Map.of()), FeeSchedule.NONE);
    assertThatThrownBy(() -> plan(legs(1, -100, 2, 100), small))
        .isInstanceOf(AmountLimitExceededException.class);
  }

  @Test
  void aSweepGathersTheShardsWholeBalanceAsLocked() {
    Sweep sweep = new Sweep(AccountId.of(3), AccountId.of(301));

    assertThat(plan(sweep, PostingRules.DEFAULT).transaction().postings())
        .containsExactly(posting(301, vnd(-70)), posting(3, vnd(70)));
  }

  @Test
  void anEmptiedShardIsSkippedAndOnlyAMerchantsOwnShardIsSwept() {
    rows.with(account(301, AccountKind.MERCHANT_SHARD, 0));
    assertThatThrownBy(
            () -> plan(new Sweep(AccountId.of(3), AccountId.of(301)), PostingRules.DEFAULT))
        .isInstanceOf(Sweep.ShardEmptied.class);
    assertThatThrownBy(
            () -> plan(new Sweep(AccountId.of(2), AccountId.of(301)), PostingRules.DEFAULT))
        .isInstanceOf(IllegalStateException.class);
  }
}
