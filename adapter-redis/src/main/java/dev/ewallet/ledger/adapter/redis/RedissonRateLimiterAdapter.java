package dev.ewallet.ledger.adapter.redis;

import dev.ewallet.ledger.domain.account.UserId;
import dev.ewallet.ledger.domain.port.out.RateLimiter;
import dev.ewallet.ledger.domain.ratelimit.RateLimitDecision;
import dev.ewallet.ledger.domain.ratelimit.RequestKind;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.redisson.api.RScript;
import org.redisson.api.RedissonClient;
import org.redisson.client.codec.StringCodec;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;

/**
 * The per-user budget in Redis, shared by every instance: one Lua script increments the user's
 * counter, starts its one-second window on the first request, and returns the count and the time
 * left, atomically in one round trip. Keys expire with their window, so idle users cost nothing.
 *
 * <p>When Redis fails or takes longer than {@code ledger.redis.timeout}, the request is counted by
 * an in-process limiter instead (per instance, so the budget briefly multiplies by the number of
 * instances), a metric and a log line record it, and Redis is tried again after {@code
 * ledger.redis.retry-interval}. The limiter protects capacity; it never decides money, so a
 * degraded budget is preferable to refusing service (ADR 0006).
 */
@Component
class RedissonRateLimiterAdapter implements RateLimiter {

  private static final Logger LOG = LoggerFactory.getLogger(RedissonRateLimiterAdapter.class);

  static final String KEY_PREFIX = "ledger:ratelimit:";
  private static final String WINDOW_MILLIS = "1000";
  private static final String FIXED_WINDOW =
      """
      local count = redis.call('INCR', KEYS[1])
      local ttl = redis.call('PTTL', KEYS[1])
      if count == 1 or ttl < 0 then
        redis.call('PEXPIRE', KEYS[1], ARGV[1])
        ttl = tonumber(ARGV[1])
      end
      return {count, ttl}
      """;

  private final RScript script;
  private final RedisProperties properties;
  private final InProcessRateLimiterAdapter fallback;
  private final Counter fallbacks;
  private final Clock clock;
  private volatile long redisRetryAtMillis;
  private volatile boolean degraded;

  RedissonRateLimiterAdapter(
      RedissonClient redis, RedisProperties properties, MeterRegistry registry, Clock clock) {
    this.script = redis.getScript(StringCodec.INSTANCE);
    this.properties = properties;
    this.fallback = new InProcessRateLimiterAdapter(clock);
    this.clock = clock;
    this.fallbacks =
        Counter.builder("ledger.ratelimit.fallback")
            .description("Rate-limit decisions taken in-process because Redis did not answer")
            .register(registry);
  }

  @Override
  public RateLimitDecision tryAcquire(UserId user, RequestKind kind, int permitsPerSecond) {
    if (clock.millis() < redisRetryAtMillis) {
      fallbacks.increment();
      return fallback.tryAcquire(user, kind, permitsPerSecond);
    }
    try {
      List<Long> countAndTtl = countInRedis(KEY_PREFIX + kind + ":" + user);
      recovered();
      return countAndTtl.get(0) <= permitsPerSecond
          ? RateLimitDecision.ALLOWED
          : RateLimitDecision.refused(Duration.ofMillis(Math.max(1, countAndTtl.get(1))));
    } catch (RuntimeException | ExecutionException | TimeoutException e) {
      return degrade(user, kind, permitsPerSecond, e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return degrade(user, kind, permitsPerSecond, e);
    }
  }

  private List<Long> countInRedis(String key)
      throws ExecutionException, TimeoutException, InterruptedException {
    return script
        .<List<Long>>evalAsync(
            RScript.Mode.READ_WRITE,
            FIXED_WINDOW,
            RScript.ReturnType.LIST,
            List.of(key),
            WINDOW_MILLIS)
        .toCompletableFuture()
        .get(properties.timeout().toMillis(), TimeUnit.MILLISECONDS);
  }

  private RateLimitDecision degrade(
      UserId user, RequestKind kind, int permitsPerSecond, Exception cause) {
    fallbacks.increment();
    redisRetryAtMillis = clock.millis() + properties.retryInterval().toMillis();
    if (!degraded) {
      degraded = true;
      LOG.warn(
          "rate limiter: Redis did not answer ({}); limiting in-process per instance, retrying"
              + " Redis every {}",
          cause.toString(),
          properties.retryInterval());
    }
    return fallback.tryAcquire(user, kind, permitsPerSecond);
  }

  private void recovered() {
    if (degraded) {
      degraded = false;
      LOG.info("rate limiter: Redis answers again; the shared budget is back");
    }
  }
}
