package dev.ewallet.ledger.domain.limits;

import static dev.ewallet.ledger.domain.DomainValues.VND;
import static dev.ewallet.ledger.domain.DomainValues.vnd;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ewallet.ledger.domain.error.MoneyOverflowException;
import dev.ewallet.ledger.domain.money.CurrencyCode;
import dev.ewallet.ledger.domain.money.Money;
import java.util.Map;
import org.junit.jupiter.api.Test;

class FeeRuleTest {

  /** 1.5 % plus 10, at least 50, at most 2,000. */
  private static final FeeRule RULE = new FeeRule(150, 10, 50, 2_000L);

  private static long fee(long amount) {
    return RULE.feeFor(vnd(amount)).amountMinor();
  }

  @Test
  void theProportionalPartIsRoundedHalfUpToAMinorUnit() {
    assertThat(fee(10_000)).isEqualTo(160);
    // 2,700 x 1.5 % = 40.5: rounded up; 40.485 and 40.515 to the nearest.
    assertThat(fee(2_700)).isEqualTo(51);
    assertThat(fee(2_699)).isEqualTo(50);
    assertThat(fee(2_701)).isEqualTo(51);
  }

  @Test
  void theFeeIsAtLeastItsMinimumAndAtMostItsMaximum() {
    assertThat(fee(1)).isEqualTo(50);
    assertThat(fee(1_000)).isEqualTo(50);
    assertThat(fee(200_000)).isEqualTo(2_000);
    assertThat(new FeeRule(150, 10, 0, null).feeFor(vnd(200_000))).isEqualTo(vnd(3_010));
    assertThat(new FeeRule(0, 0, 0, null).feeFor(vnd(5))).isEqualTo(vnd(0));
  }

  @Test
  void theLargestAmountsAreComputedExactlyWithoutLeaving64Bits() {
    FeeRule all = new FeeRule(10_000, 0, 0, null);
    assertThat(all.feeFor(vnd(Long.MAX_VALUE))).isEqualTo(vnd(Long.MAX_VALUE));
    // (2^63 - 1) x 99.99 %, rounded half up: what exact arithmetic on the whole product gives.
    assertThat(new FeeRule(9_999, 0, 0, null).feeFor(vnd(Long.MAX_VALUE)).amountMinor())
        .isEqualTo(9_222_449_699_651_090_329L);
    assertThatThrownBy(() -> new FeeRule(10_000, 1, 0, null).feeFor(vnd(Long.MAX_VALUE)))
        .isInstanceOf(MoneyOverflowException.class);
  }

  @Test
  void aRuleIsValidatedAndAScheduleChargesOnlyItsCurrencies() {
    assertThatThrownBy(() -> new FeeRule(10_001, 0, 0, null))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> new FeeRule(0, -1, 0, null))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> new FeeRule(0, 0, 10, 5L))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> RULE.feeFor(vnd(0))).isInstanceOf(IllegalArgumentException.class);
    FeeSchedule schedule = new FeeSchedule(Map.of(VND, RULE));
    CurrencyCode usd = CurrencyCode.of("USD");
    assertThat(schedule.charges(VND)).isTrue();
    assertThat(schedule.charges(usd)).isFalse();
    assertThat(schedule.feeFor(Money.of(10_000, usd))).isEqualTo(Money.zero(usd));
    assertThat(schedule.feeFor(vnd(10_000))).isEqualTo(vnd(160));
  }
}
