package dev.ewallet.ledger.domain.limits;

import static dev.ewallet.ledger.domain.DomainValues.VND;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ewallet.ledger.domain.error.LimitExceededException;
import java.time.Instant;
import java.util.Map;
import org.junit.jupiter.api.Test;

class OutgoingAllowanceTest {

  private static final Instant NOON = Instant.parse("2026-12-15T12:00:00Z");

  @Test
  void spendingCountsAgainstBothWindowsAndStopsAtEitherLimit() {
    OutgoingAllowance allowance = new OutgoingAllowance(10_000L, 9_000, 50_000L, 39_500);

    OutgoingAllowance spent = allowance.spend(1_000);

    assertThat(spent.dailyUsed()).isEqualTo(10_000);
    assertThat(spent.monthlyUsed()).isEqualTo(40_500);
    assertThatThrownBy(() -> spent.spend(1))
        .isInstanceOfSatisfying(
            LimitExceededException.class,
            e -> {
              assertThat(e.limit()).isEqualTo("dailyOut");
              assertThat(e.remainingMinor()).isZero();
            });
    assertThatThrownBy(() -> new OutgoingAllowance(null, 0, 50_000L, 49_000).spend(1_001))
        .isInstanceOfSatisfying(
            LimitExceededException.class,
            e -> {
              assertThat(e.limit()).isEqualTo("monthlyOut");
              assertThat(e.remainingMinor()).isEqualTo(1_000);
            });
    assertThat(new OutgoingAllowance(null, 0, null, 0).spend(Long.MAX_VALUE).dailyUsed())
        .isEqualTo(Long.MAX_VALUE);
  }

  @Test
  void aReversalGivesBackOnlyWithinTheWindowTheMoneyWasSpentIn() {
    OutgoingAllowance used = new OutgoingAllowance(10_000L, 6_000, 50_000L, 30_000);

    OutgoingAllowance sameDay = used.giveBack(2_000, NOON.minusSeconds(3_600), NOON);
    OutgoingAllowance earlierThisMonth = used.giveBack(2_000, NOON.minusSeconds(86_400), NOON);
    OutgoingAllowance lastMonth = used.giveBack(2_000, Instant.parse("2026-11-30T23:59:59Z"), NOON);

    assertThat(sameDay).isEqualTo(new OutgoingAllowance(10_000L, 4_000, 50_000L, 28_000));
    assertThat(earlierThisMonth).isEqualTo(new OutgoingAllowance(10_000L, 6_000, 50_000L, 28_000));
    assertThat(lastMonth).isEqualTo(used);
    assertThat(used.giveBack(9_000, NOON, NOON).dailyUsed()).isZero();
  }

  @Test
  void windowsAreUtcDaysAndMonthsAndAWalletsOwnLimitsWinOverItsCurrencys() {
    assertThat(OutgoingAllowance.nextDay(NOON)).isEqualTo(Instant.parse("2026-12-16T00:00:00Z"));
    assertThat(OutgoingAllowance.nextMonth(NOON)).isEqualTo(Instant.parse("2027-01-01T00:00:00Z"));
    OutgoingLimits defaults = new OutgoingLimits(Map.of(VND, 5_000L), Map.of(VND, 100_000L));

    assertThat(defaults.allowance(VND, new OutgoingUsage(7_000L, null, 10, 20)))
        .isEqualTo(new OutgoingAllowance(7_000L, 10, 100_000L, 20));
    assertThat(defaults.allowance(VND, OutgoingUsage.NONE))
        .isEqualTo(new OutgoingAllowance(5_000L, 0, 100_000L, 0));
    assertThat(OutgoingLimits.NONE.allowance(VND, OutgoingUsage.NONE))
        .isEqualTo(new OutgoingAllowance(null, 0, null, 0));
  }
}
