package dev.ewallet.ledger.adapter.redis;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ewallet.ledger.domain.account.UserId;
import dev.ewallet.ledger.domain.ratelimit.RateLimitDecision;
import dev.ewallet.ledger.domain.ratelimit.RequestKind;
import dev.ewallet.ledger.testkit.TestClock;
import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;

class InProcessRateLimiterAdapterTest {

  private final TestClock clock = new TestClock(Instant.parse("2026-11-30T10:00:00Z"));
  private final InProcessRateLimiterAdapter limiter = new InProcessRateLimiterAdapter(clock);
  private final UserId alice = UserId.of(7);

  @Test
  void allowsTheBudgetPerWindowThenRefusesUntilTheWindowEnds() {
    for (int i = 0; i < 3; i++) {
      assertThat(limiter.tryAcquire(alice, RequestKind.WRITE, 3).allowed()).isTrue();
    }
    clock.advance(Duration.ofMillis(400));

    RateLimitDecision refused = limiter.tryAcquire(alice, RequestKind.WRITE, 3);
    assertThat(refused.allowed()).isFalse();
    assertThat(refused.retryAfter()).isEqualTo(Duration.ofMillis(600));
    assertThat(refused.retryAfterSeconds()).isEqualTo(1);

    clock.advance(Duration.ofMillis(600));
    assertThat(limiter.tryAcquire(alice, RequestKind.WRITE, 3).allowed()).isTrue();
  }

  @Test
  void usersAndKindsHaveSeparateBudgets() {
    assertThat(limiter.tryAcquire(alice, RequestKind.WRITE, 1).allowed()).isTrue();
    assertThat(limiter.tryAcquire(alice, RequestKind.WRITE, 1).allowed()).isFalse();
    assertThat(limiter.tryAcquire(UserId.of(8), RequestKind.WRITE, 1).allowed()).isTrue();
    assertThat(limiter.tryAcquire(alice, RequestKind.READ, 1).allowed()).isTrue();
  }

  @Test
  void retryAfterIsWholeSecondsRoundedUp() {
    assertThat(RateLimitDecision.refused(Duration.ofMillis(1)).retryAfterSeconds()).isEqualTo(1);
    assertThat(RateLimitDecision.refused(Duration.ofMillis(1_001)).retryAfterSeconds())
        .isEqualTo(2);
    assertThat(RateLimitDecision.refused(Duration.ZERO).retryAfterSeconds()).isEqualTo(1);
  }
}
