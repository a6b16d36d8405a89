package dev.ewallet.ledger.adapter.redis;

import dev.ewallet.ledger.domain.account.UserId;
import dev.ewallet.ledger.domain.port.out.RateLimiter;
import dev.ewallet.ledger.domain.ratelimit.RateLimitDecision;
import dev.ewallet.ledger.domain.ratelimit.RequestKind;
import java.time.Clock;
import java.time.Duration;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The fixed one-second window of {@link RateLimiter}, counted in this JVM only: the fallback when
 * the shared limiter (Redis) cannot answer. A window starts at a user's first request and allows
 * {@code permitsPerSecond} requests until it ends.
 */
final class InProcessRateLimiterAdapter implements RateLimiter {

  /** Above this many tracked windows, ended ones are dropped so memory stays bounded. */
  static final int EVICTION_THRESHOLD = 100_000;

  private static final long WINDOW_MILLIS = 1_000;

  private record Window(long endsAtMillis, int count) {}

  private final ConcurrentHashMap<String, Window> windows = new ConcurrentHashMap<>();
  private final Clock clock;

  InProcessRateLimiterAdapter(Clock clock) {
    this.clock = Objects.requireNonNull(clock, "clock");
  }

  @Override
  public RateLimitDecision tryAcquire(UserId user, RequestKind kind, int permitsPerSecond) {
    long now = clock.millis();
    Window window =
        windows.compute(
            kind + ":" + user,
            (key, current) ->
                current == null || current.endsAtMillis() <= now
                    ? new Window(now + WINDOW_MILLIS, 1)
                    : new Window(current.endsAtMillis(), current.count() + 1));
    if (windows.size() > EVICTION_THRESHOLD) {
      windows.values().removeIf(w -> w.endsAtMillis() <= now);
    }
    return window.count() <= permitsPerSecond
        ? RateLimitDecision.ALLOWED
        : RateLimitDecision.refused(Duration.ofMillis(window.endsAtMillis() - now));
  }
}
