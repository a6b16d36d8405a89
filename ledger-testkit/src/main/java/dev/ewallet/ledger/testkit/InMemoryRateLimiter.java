package dev.ewallet.ledger.testkit;

import dev.ewallet.ledger.domain.account.UserId;
import dev.ewallet.ledger.domain.port.out.RateLimiter;
import dev.ewallet.ledger.domain.ratelimit.RateLimitDecision;
import dev.ewallet.ledger.domain.ratelimit.RequestKind;
import java.time.Clock;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;

/**
 * A rate limiter for tests: counts each user's requests of a kind per whole second of the given
 * clock (a {@link TestClock} makes windows end when the test says). Not for production: it forgets
 * nothing, and each instance counts alone.
 */
public final class InMemoryRateLimiter implements RateLimiter {

  private final Map<String, Integer> counts = new HashMap<>();
  private final Clock clock;

  public InMemoryRateLimiter(Clock clock) {
    this.clock = clock;
  }

  @Override
  public synchronized RateLimitDecision tryAcquire(
      UserId user, RequestKind kind, int permits, int permitsPerSecond) {
    long millis = clock.millis();
    String window = kind + ":" + user + "@" + millis / 1_000;
    if (counts.getOrDefault(window, 0) + permits > permitsPerSecond) {
      return RateLimitDecision.refused(Duration.ofMillis(1_000 - millis % 1_000));
    }
    counts.merge(window, permits, Integer::sum);
    return RateLimitDecision.ALLOWED;
  }
}
