package dev.ewallet.ledger.adapter.redis;

import dev.ewallet.ledger.domain.ratelimit.RateLimitDecision;
import java.time.Clock;
import java.time.Duration;
import java.util.concurrent.ConcurrentHashMap;

/**
 * This instance's token buckets, one per user and request kind: a bucket holds at most {@code
 * permitsPerSecond} permits and refills at that rate, so a burst gets the bucket and then the
 * refill, never a second window's worth at a window boundary. Counted in thousandths of a permit,
 * in {@code long}: no floating point and no lock beyond the bucket's own map entry.
 */
final class TokenBuckets {

  /** Above this many buckets, full ones are dropped so memory stays bounded. */
  static final int EVICTION_THRESHOLD = 100_000;

  private static final long MILLI = 1_000;

  private record Bucket(long milliPermits, long atMillis) {}

  private final ConcurrentHashMap<String, Bucket> buckets = new ConcurrentHashMap<>();
  private final Clock clock;

  TokenBuckets(Clock clock) {
    this.clock = clock;
  }

  /**
   * Takes {@code permits} permits, all or none, from the key's bucket, of capacity and rate {@code
   * permitsPerSecond}. More permits than the capacity are never taken: the answer then says when
   * the bucket will be full, the most it can offer.
   */
  RateLimitDecision tryAcquire(String key, int permits, int permitsPerSecond) {
    long now = clock.millis();
    long capacity = permitsPerSecond * MILLI;
    long wanted = permits * MILLI;
    boolean[] taken = {false};
    Bucket bucket =
        buckets.compute(
            key,
            (k, current) -> {
              long refilled =
                  current == null
                      ? capacity
                      : Math.min(
                          capacity,
                          current.milliPermits()
                              + Math.max(0, now - current.atMillis()) * permitsPerSecond);
              taken[0] = refilled >= wanted;
              return new Bucket(taken[0] ? refilled - wanted : refilled, now);
            });
    if (buckets.size() > EVICTION_THRESHOLD) {
      buckets.values().removeIf(b -> now - b.atMillis() > MILLI);
    }
    if (taken[0]) {
      return RateLimitDecision.ALLOWED;
    }
    // A permit's thousandths arrive at permitsPerSecond per millisecond.
    long missing = Math.min(wanted, capacity) - bucket.milliPermits();
    long waitMillis = (missing + permitsPerSecond - 1) / permitsPerSecond;
    return RateLimitDecision.refused(Duration.ofMillis(Math.max(1, waitMillis)));
  }
}
