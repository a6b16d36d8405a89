package dev.ewallet.ledger.contracts;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ewallet.ledger.domain.account.UserId;
import dev.ewallet.ledger.domain.port.out.RateLimiter;
import dev.ewallet.ledger.domain.ratelimit.RateLimitDecision;
import dev.ewallet.ledger.domain.ratelimit.RequestKind;
import dev.ewallet.ledger.testkit.LedgerFixtures;
import java.time.Duration;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/**
 * What every {@link RateLimiter} must do for one instance of the service: a user gets a second's
 * budget of each kind and no more, permits are taken all or none, a refusal says when to come back
 * (within the second), and a second later the budget is whole again. The limiter's clock is the
 * test's: it moves only when {@link #advance} says, so every count is exact on any machine.
 */
public abstract class RateLimiterContract {

  private static final int PER_SECOND = 10;

  /** The limiter under test, the same one throughout a test. */
  protected abstract RateLimiter limiter();

  /** Moves the limiter's clock on. */
  protected abstract void advance(Duration by);

  private static UserId freshUser() {
    return UserId.of(LedgerFixtures.freshUserId());
  }

  private RateLimitDecision take(UserId user, RequestKind kind, int permits) {
    return limiter().tryAcquire(user, kind, permits, PER_SECOND);
  }

  private long allowed(UserId user, RequestKind kind, int requests) {
    return IntStream.range(0, requests).filter(i -> take(user, kind, 1).allowed()).count();
  }

  @Test
  void aUserGetsASecondsBudgetAndARefusalSaysWhenToComeBack() {
    UserId user = freshUser();

    assertThat(allowed(user, RequestKind.WRITE, PER_SECOND + 5)).isEqualTo(PER_SECOND);
    RateLimitDecision refused = take(user, RequestKind.WRITE, 1);
    assertThat(refused.allowed()).isFalse();
    assertThat(refused.retryAfter()).isPositive().isLessThanOrEqualTo(Duration.ofSeconds(1));
  }

  @Test
  void permitsAreTakenAllOrNone() {
    UserId user = freshUser();

    assertThat(take(user, RequestKind.WRITE, 7).allowed()).isTrue();
    assertThat(take(user, RequestKind.WRITE, 4).allowed()).isFalse();
    assertThat(take(user, RequestKind.WRITE, 3).allowed()).isTrue();
    assertThat(take(user, RequestKind.WRITE, 1).allowed()).isFalse();
  }

  @Test
  void moreThanASecondsBudgetIsNeverAdmitted() {
    UserId user = freshUser();

    assertThat(take(user, RequestKind.WRITE, PER_SECOND + 1).allowed()).isFalse();
    advance(Duration.ofSeconds(10));
    assertThat(take(user, RequestKind.WRITE, PER_SECOND + 1).allowed()).isFalse();
    assertThat(take(user, RequestKind.WRITE, PER_SECOND).allowed()).isTrue();
  }

  @Test
  void eachUserAndEachKindHasABudgetOfItsOwn() {
    UserId spent = freshUser();
    assertThat(allowed(spent, RequestKind.WRITE, PER_SECOND)).isEqualTo(PER_SECOND);

    assertThat(take(spent, RequestKind.WRITE, 1).allowed()).isFalse();
    assertThat(allowed(spent, RequestKind.READ, PER_SECOND)).isEqualTo(PER_SECOND);
    assertThat(allowed(freshUser(), RequestKind.WRITE, PER_SECOND)).isEqualTo(PER_SECOND);
  }

  @Test
  void aSecondLaterTheBudgetIsWholeAgain() {
    UserId user = freshUser();
    assertThat(allowed(user, RequestKind.WRITE, PER_SECOND)).isEqualTo(PER_SECOND);

    advance(Duration.ofSeconds(1));

    assertThat(allowed(user, RequestKind.WRITE, PER_SECOND + 5)).isEqualTo(PER_SECOND);
  }
}
