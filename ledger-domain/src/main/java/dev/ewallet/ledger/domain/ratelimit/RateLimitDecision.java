package dev.ewallet.ledger.domain.ratelimit;

import java.time.Duration;
import java.util.Objects;

/**
 * Whether a request may go ahead now.
 *
 * @param retryAfter when refused, how long until the caller's budget refills; zero when allowed
 */
public record RateLimitDecision(boolean allowed, Duration retryAfter) {

  public static final RateLimitDecision ALLOWED = new RateLimitDecision(true, Duration.ZERO);

  public RateLimitDecision {
    Objects.requireNonNull(retryAfter, "retryAfter");
  }

  public static RateLimitDecision refused(Duration retryAfter) {
    return new RateLimitDecision(false, retryAfter);
  }

  /** The {@code Retry-After} value: whole seconds, rounded up, at least 1. */
  public long retryAfterSeconds() {
    return Math.max(1, (retryAfter.toMillis() + 999) / 1000);
  }
}
