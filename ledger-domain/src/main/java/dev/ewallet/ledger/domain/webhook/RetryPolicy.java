package dev.ewallet.ledger.domain.webhook;

import java.time.Duration;
import java.time.Instant;
import java.util.Objects;
import java.util.random.RandomGenerator;

/**
 * When a failed delivery is tried again: after {@code first}, doubling with each attempt up to
 * {@code longest}, each wait drawn uniformly between half and all of it ("equal jitter"), so that
 * many deliveries failing together do not return together. A delivery first sent longer than {@code
 * window} ago that fails again has failed for good.
 */
public record RetryPolicy(Duration first, Duration longest, Duration window) {

  /** Ten seconds, doubling to an hour, for three days: about 80 attempts. */
  public static final RetryPolicy DEFAULT =
      new RetryPolicy(Duration.ofSeconds(10), Duration.ofHours(1), Duration.ofDays(3));

  public RetryPolicy {
    Objects.requireNonNull(first, "first");
    Objects.requireNonNull(longest, "longest");
    Objects.requireNonNull(window, "window");
    if (first.isNegative() || first.isZero() || longest.compareTo(first) < 0) {
      throw new IllegalArgumentException("retries need 0 < first <= longest");
    }
  }

  /** The wait after the {@code attempts}-th failed attempt (1 for the first). */
  public Duration delayAfter(int attempts, RandomGenerator random) {
    long firstMillis = first.toMillis();
    long ceiling = longest.toMillis();
    long delay = firstMillis;
    for (int i = 1; i < attempts && delay < ceiling; i++) {
      delay = Math.min(ceiling, delay * 2);
    }
    long half = delay / 2;
    return Duration.ofMillis(half + random.nextLong(delay - half + 1));
  }

  /** Whether a delivery made at {@code createdAt} that failed at {@code now} is given up. */
  public boolean givesUp(Instant createdAt, Instant now) {
    return !now.isBefore(createdAt.plus(window));
  }
}
