package dev.ewallet.ledger.adapter.redis;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.ewallet.ledger.adapter.redis.testing.RedisTestServer;
import dev.ewallet.ledger.domain.account.UserId;
import dev.ewallet.ledger.domain.ratelimit.RateLimitDecision;
import dev.ewallet.ledger.domain.ratelimit.RequestKind;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.time.Clock;
import java.time.Duration;
import java.util.concurrent.ThreadLocalRandom;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.redisson.api.RedissonClient;

/** The limiter against a real Redis server, including Redis going away and coming back. */
class RedissonRateLimiterAdapterIT {

  private static final RedisTestServer REDIS = new RedisTestServer();
  private static RedissonClient client;
  private static RedisProperties properties;

  private final SimpleMeterRegistry registry = new SimpleMeterRegistry();

  @BeforeAll
  static void startRedis() {
    assumeTrue(RedisTestServer.available(), "needs a redis-server binary");
    REDIS.start();
    properties = new RedisProperties(REDIS.url(), Duration.ofMillis(50), Duration.ofMillis(300));
    client = new RedissonConfiguration().redissonClient(properties);
  }

  @AfterAll
  static void stopRedis() {
    if (client != null) {
      client.shutdown();
    }
    REDIS.stop();
  }

  private RedissonRateLimiterAdapter limiter() {
    return new RedissonRateLimiterAdapter(client, properties, registry, Clock.systemUTC());
  }

  private static UserId freshUser() {
    return UserId.of(ThreadLocalRandom.current().nextLong(1, Long.MAX_VALUE));
  }

  private static long allowed(RedissonRateLimiterAdapter limiter, UserId user, int requests) {
    return IntStream.range(0, requests)
        .filter(i -> limiter.tryAcquire(user, RequestKind.WRITE, 10).allowed())
        .count();
  }

  @Test
  void tenPerSecondPerUserSharedByEveryInstance() {
    UserId user = freshUser();
    RedissonRateLimiterAdapter one = limiter();
    RedissonRateLimiterAdapter two = limiter();

    long passed = allowed(one, user, 8) + allowed(two, user, 8);

    assertThat(passed).isEqualTo(10);
    RateLimitDecision refused = one.tryAcquire(user, RequestKind.WRITE, 10);
    assertThat(refused.allowed()).isFalse();
    assertThat(refused.retryAfter()).isPositive().isLessThanOrEqualTo(Duration.ofSeconds(1));
    assertThat(allowed(one, freshUser(), 10)).isEqualTo(10);
    assertThat(registry.counter("ledger.ratelimit.fallback").count()).isZero();
  }

  @Test
  void theBudgetRefillsWhenTheWindowEnds() throws InterruptedException {
    UserId user = freshUser();
    RedissonRateLimiterAdapter limiter = limiter();
    assertThat(allowed(limiter, user, 12)).isEqualTo(10);

    Thread.sleep(1_100);

    assertThat(allowed(limiter, user, 1)).isEqualTo(1);
  }

  @Test
  void withRedisGoneItAnswersInProcessWithinTheTimeoutAndRecovers() throws InterruptedException {
    RedissonRateLimiterAdapter limiter = limiter();
    assertThat(allowed(limiter, freshUser(), 1)).isEqualTo(1);
    REDIS.stop();
    try {
      UserId user = freshUser();
      long started = System.nanoTime();
      long passed = allowed(limiter, user, 15);
      Duration took = Duration.ofNanos(System.nanoTime() - started);

      assertThat(passed).isEqualTo(10);
      assertThat(took).isLessThan(Duration.ofMillis(15 * 50 + 500));
      assertThat(registry.counter("ledger.ratelimit.fallback").count()).isGreaterThanOrEqualTo(15);
    } finally {
      REDIS.start();
    }
    Thread.sleep(400);
    UserId afterwards = freshUser();
    long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
    double fallbacks;
    do {
      fallbacks = registry.counter("ledger.ratelimit.fallback").count();
      limiter.tryAcquire(afterwards, RequestKind.READ, 1_000);
      Thread.sleep(50);
    } while (registry.counter("ledger.ratelimit.fallback").count() > fallbacks
        && System.nanoTime() < deadline);
    assertThat(registry.counter("ledger.ratelimit.fallback").count()).isEqualTo(fallbacks);
  }
}
