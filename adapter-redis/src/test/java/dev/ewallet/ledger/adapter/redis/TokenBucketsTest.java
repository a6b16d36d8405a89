package dev.ewallet.ledger.adapter.redis;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ewallet.ledger.domain.ratelimit.RateLimitDecision;
import dev.ewallet.ledger.testkit.TestClock;
import java.time.Duration;
import java.time.Instant;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

class TokenBucketsTest {

  private final TestClock clock = new TestClock(Instant.parse("2026-12-01T00:00:00.500Z"));
  private final TokenBuckets buckets = new TokenBuckets(clock);

  private long allowed(String key, int requests, int perSecond) {
    return IntStream.range(0, requests)
        .filter(i -> buckets.tryAcquire(key, 1, perSecond).allowed())
        .count();
  }

  @Test
  void aBurstGetsTheBucketAndNothingMoreAtTheSameInstant() {
    assertThat(allowed("WRITE:7", 30, 10)).isEqualTo(10);

    RateLimitDecision refused = buckets.tryAcquire("WRITE:7", 1, 10);
    assertThat(refused.allowed()).isFalse();
    assertThat(refused.retryAfter()).isEqualTo(Duration.ofMillis(100));
  }

  @Test
  void theBucketRefillsAtItsRateAndNeverBeyondItsCapacity() {
    allowed("WRITE:7", 10, 10);

    clock.advance(Duration.ofMillis(250));
    assertThat(allowed("WRITE:7", 5, 10)).isEqualTo(2);

    clock.advance(Duration.ofMinutes(5));
    assertThat(allowed("WRITE:7", 30, 10)).isEqualTo(10);
  }

  @Test
  void eachKeyHasItsOwnBucketAndASmallerShareASmallerOne() {
    assertThat(allowed("WRITE:7", 30, 5)).isEqualTo(5);
    assertThat(allowed("WRITE:8", 30, 5)).isEqualTo(5);
    assertThat(allowed("READ:7", 3, 5)).isEqualTo(3);
  }

  @Test
  void severalPermitsAreTakenAllOrNone() {
    assertThat(buckets.tryAcquire("WRITE:9", 7, 10).allowed()).isTrue();
    RateLimitDecision refused = buckets.tryAcquire("WRITE:9", 5, 10);
    assertThat(refused.allowed()).isFalse();
    assertThat(refused.retryAfter()).isEqualTo(Duration.ofMillis(200));
    // Nothing was taken by the refusal: the three left are still there.
    assertThat(allowed("WRITE:9", 5, 10)).isEqualTo(3);
    // More than the capacity is never admitted.
    clock.advance(Duration.ofMinutes(1));
    assertThat(buckets.tryAcquire("WRITE:9", 11, 10).allowed()).isFalse();
  }
}
