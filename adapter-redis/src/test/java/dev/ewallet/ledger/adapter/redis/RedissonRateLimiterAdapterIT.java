package dev.ewallet.ledger.adapter.redis;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.ewallet.ledger.adapter.redis.testing.RedisTestServer;
import dev.ewallet.ledger.contracts.RateLimiterContract;
import dev.ewallet.ledger.domain.account.UserId;
import dev.ewallet.ledger.domain.port.out.RateLimiter;
import dev.ewallet.ledger.domain.ratelimit.RequestKind;
import dev.ewallet.ledger.testkit.TestClock;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;
import java.util.function.BooleanSupplier;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.redisson.api.RedissonClient;

/**
 * The limiter against a real Redis (a private server this test starts and stops). The clock is a
 * test clock that does not move, so the buckets never refill during a test: every count is exact.
 */
class RedissonRateLimiterAdapterIT {

  private static final RedisTestServer REDIS = new RedisTestServer();
  private static RedissonClient client;
  private static RedisProperties properties;

  private final SimpleMeterRegistry registry = new SimpleMeterRegistry();
  private final TestClock clock = new TestClock(Instant.parse("2026-12-01T00:00:00Z"));
  private final List<RedissonRateLimiterAdapter> instances = new ArrayList<>();

  @BeforeAll
  static void startRedis() {
    assumeTrue(RedisTestServer.available(), "needs a redis-server binary");
    REDIS.start();
    // A heartbeat may take up to 2 s here: on a loaded two-core machine a shorter bound fails
    // heartbeats, and the test would measure the machine instead of the instance count.
    properties =
        new RedisProperties(
            REDIS.url(), Duration.ofSeconds(2), Duration.ofMillis(100), Duration.ofMinutes(1));
    client = new RedissonConfiguration().redissonClient(properties);
  }

  @AfterAll
  static void stopRedis() {
    if (client != null) {
      client.shutdown();
    }
    REDIS.stop();
  }

  @AfterEach
  void stopInstances() {
    instances.forEach(RedissonRateLimiterAdapter::stop);
  }

  private RedissonRateLimiterAdapter instance() {
    RedissonRateLimiterAdapter instance =
        new RedissonRateLimiterAdapter(client, properties, registry, clock);
    instances.add(instance);
    return instance;
  }

  private static UserId freshUser() {
    return UserId.of(ThreadLocalRandom.current().nextLong(1, Long.MAX_VALUE));
  }

  private static long allowed(RedissonRateLimiterAdapter limiter, UserId user, int requests) {
    return IntStream.range(0, requests)
        .filter(i -> limiter.tryAcquire(user, RequestKind.WRITE, 1, 10).allowed())
        .count();
  }

  /** Waits, at most ten seconds, for something the heartbeats bring about. */
  private static void await(BooleanSupplier condition) throws InterruptedException {
    long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
    while (!condition.getAsBoolean() && System.nanoTime() < deadline) {
      Thread.sleep(20);
    }
    assertThat(condition.getAsBoolean()).isTrue();
  }

  /** One instance alone, against the contract every limiter meets. */
  @Nested
  class Contract extends RateLimiterContract {

    private final RedissonRateLimiterAdapter alone = instance();

    @Override
    protected RateLimiter limiter() {
      return alone;
    }

    @Override
    protected void advance(Duration by) {
      clock.advance(by);
    }
  }

  @Test
  void aLoneInstanceGivesAUserTheWholeBudgetAndOthersTheirOwn() {
    RedissonRateLimiterAdapter alone = instance();
    UserId user = freshUser();

    assertThat(alone.liveInstances()).isEqualTo(1);
    assertThat(allowed(alone, user, 30)).isEqualTo(10);
    assertThat(alone.tryAcquire(user, RequestKind.WRITE, 1, 10).retryAfter())
        .isPositive()
        .isLessThanOrEqualTo(Duration.ofSeconds(1));
    assertThat(allowed(alone, freshUser(), 10)).isEqualTo(10);
  }

  @Test
  void twoInstancesSplitTheBudgetAndOneLeavingGivesItsShareBack() throws InterruptedException {
    RedissonRateLimiterAdapter one = instance();
    RedissonRateLimiterAdapter two = instance();
    await(() -> one.liveInstances() == 2 && two.liveInstances() == 2);
    UserId user = freshUser();

    assertThat(allowed(one, user, 15) + allowed(two, user, 15)).isEqualTo(10);

    two.stop();
    await(() -> one.liveInstances() == 1);
    assertThat(allowed(one, freshUser(), 15)).isEqualTo(10);
  }

  @Test
  void withRedisGoneEachInstanceKeepsItsShareAndTheMetricSaysSo() throws InterruptedException {
    RedissonRateLimiterAdapter one = instance();
    RedissonRateLimiterAdapter two = instance();
    await(() -> one.liveInstances() == 2 && two.liveInstances() == 2);
    UserId user = freshUser();
    REDIS.stop();
    try {
      await(() -> {
        one.tryAcquire(freshUser(), RequestKind.READ, 1, 1_000);
        return registry.counter("ledger.ratelimit.fallback").count() > 0;
      });

      assertThat(allowed(one, user, 15) + allowed(two, user, 15)).isEqualTo(10);
      assertThat(one.liveInstances()).isEqualTo(2);
    } finally {
      REDIS.start();
    }
    // Recovered: decisions are no longer counted as taken without Redis.
    await(() -> {
      double before = registry.counter("ledger.ratelimit.fallback").count();
      one.tryAcquire(freshUser(), RequestKind.READ, 1, 1_000);
      return registry.counter("ledger.ratelimit.fallback").count() == before;
    });
  }
}
