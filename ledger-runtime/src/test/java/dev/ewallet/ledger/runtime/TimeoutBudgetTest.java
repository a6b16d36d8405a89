package dev.ewallet.ledger.runtime;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import org.junit.jupiter.api.Test;

class TimeoutBudgetTest {

  @Test
  void theDefaultTenSecondsAreSharedOutAsDocumented() {
    TimeoutBudget budget = TimeoutBudget.DEFAULT;

    assertThat(budget.work()).isEqualTo(Duration.ofMillis(9_500));
    assertThat(budget.transaction()).isEqualTo(Duration.ofSeconds(5));
    assertThat(budget.statement()).isEqualTo(Duration.ofMillis(2_500));
    assertThat(budget.lock()).isEqualTo(Duration.ofSeconds(2));
    assertThat(budget.socket()).isEqualTo(Duration.ofSeconds(4));
    assertThat(budget.connectionValidation()).isEqualTo(Duration.ofSeconds(1));
  }

  @Test
  void aServerTimeoutAlwaysFiresBeforeTheClientGivesUpOnItsSocket() {
    for (int seconds = 2; seconds <= 120; seconds++) {
      TimeoutBudget budget = new TimeoutBudget(Duration.ofSeconds(seconds));
      assertThat(budget.socket()).isGreaterThan(budget.statement());
      assertThat(budget.socket()).isGreaterThan(budget.lock());
      assertThat(budget.transaction()).isLessThan(budget.work());
      assertThat(budget.connectionValidation())
          .isBetween(Duration.ofMillis(250), Duration.ofSeconds(1));
    }
  }

  @Test
  void aRequestTimeoutUnderTwoSecondsIsRefused() {
    assertThatThrownBy(() -> new TimeoutBudget(Duration.ofMillis(1_999)))
        .isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void aDeadlineHoldsForItsScopeAndRestoresTheOneBefore() {
    assertThat(RequestDeadline.remaining()).isEmpty();
    try (RequestDeadline.Scope outer = RequestDeadline.start(Duration.ofSeconds(10))) {
      try (RequestDeadline.Scope inner = RequestDeadline.start(Duration.ZERO)) {
        assertThat(RequestDeadline.remaining().orElseThrow()).isLessThanOrEqualTo(Duration.ZERO);
      }
      assertThat(RequestDeadline.remaining().orElseThrow()).isPositive();
    }
    assertThat(RequestDeadline.remaining()).isEmpty();
  }
}
