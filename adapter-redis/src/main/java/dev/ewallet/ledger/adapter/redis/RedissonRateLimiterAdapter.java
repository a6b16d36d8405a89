package dev.ewallet.ledger.adapter.redis;

import dev.ewallet.ledger.domain.account.UserId;
import dev.ewallet.ledger.domain.port.out.RateLimiter;
import dev.ewallet.ledger.domain.ratelimit.RateLimitDecision;
import dev.ewallet.ledger.domain.ratelimit.RequestKind;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.redisson.api.RScript;
import org.redisson.api.RedissonClient;
import org.redisson.client.codec.StringCodec;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.DisposableBean;
import org.springframework.stereotype.Component;

/**
 * The per-user budget, shared by every instance without a Redis call on any request's path. Each
 * instance limits with its own token buckets ({@link TokenBuckets}) at its share of the budget:
 * {@code ceil(perSecond / liveInstances)}. The instances learn how many of them are live from
 * Redis: each announces itself every {@code heartbeat-interval} in one sorted set (one Lua script:
 * add, drop the members unheard for three intervals, count), and leaves it when it stops.
 *
 * <p>The stated error: the instances together admit at most {@code perSecond + liveInstances - 1}
 * per second per user (the rounding of the shares), plus, for one heartbeat interval after an
 * instance starts, the share the others have not yet given up. A user whose requests reach only
 * some instances gets less than the whole budget (the load balancer spreads requests, so the shares
 * are used evenly). When Redis cannot be reached, nothing changes on the request path: the shares
 * stay those of the last instance count Redis gave (one, alone, if it never answered), a metric and
 * a log line record it, and the heartbeat keeps trying. ADR 0006.
 */
@Component
class RedissonRateLimiterAdapter implements RateLimiter, DisposableBean {

  private static final Logger LOG = LoggerFactory.getLogger(RedissonRateLimiterAdapter.class);

  static final String INSTANCES_KEY = "ledger:ratelimit:instances";

  private static final Duration STARTUP_TIMEOUT = Duration.ofSeconds(2);

  private static final String HEARTBEAT =
      """
      redis.call('ZADD', KEYS[1], ARGV[1], ARGV[2])
      redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', ARGV[1] - ARGV[3])
      redis.call('PEXPIRE', KEYS[1], ARGV[3])
      return redis.call('ZCARD', KEYS[1])
      """;

  private final RScript script;
  private final RedisProperties properties;
  private final TokenBuckets buckets;
  private final Clock clock;
  private final String instanceId = UUID.randomUUID().toString();
  private final AtomicInteger liveInstances = new AtomicInteger(1);
  private final Counter fallbacks;
  private final ScheduledExecutorService heartbeats;
  private volatile boolean degraded;

  RedissonRateLimiterAdapter(
      RedissonClient redis, RedisProperties properties, MeterRegistry registry, Clock clock) {
    this.script = redis.getScript(StringCodec.INSTANCE);
    this.properties = properties;
    this.buckets = new TokenBuckets(clock);
    this.clock = clock;
    this.fallbacks =
        Counter.builder("ledger.ratelimit.fallback")
            .description(
                "Rate-limit decisions taken while Redis could not be reached, on the shares of the"
                    + " last known instance count")
            .register(registry);
    Gauge.builder("ledger.ratelimit.instances", liveInstances, AtomicInteger::get)
        .description("Live instances sharing the rate-limit budget, as this instance last saw")
        .register(registry);
    // The first heartbeat runs now, with a startup's patience: it opens the connection and loads
    // the script before any request, and tells a new instance its share from the start.
    heartbeat(STARTUP_TIMEOUT.plus(properties.timeout()));
    long period = properties.heartbeatInterval().toMillis();
    this.heartbeats =
        Executors.newSingleThreadScheduledExecutor(
            Thread.ofPlatform().name("ratelimit-heartbeat").daemon().factory());
    heartbeats.scheduleWithFixedDelay(
        () -> heartbeat(properties.timeout()), period, period, TimeUnit.MILLISECONDS);
  }

  @Override
  public RateLimitDecision tryAcquire(
      UserId user, RequestKind kind, int permits, int permitsPerSecond) {
    if (degraded) {
      fallbacks.increment();
    }
    int instances = liveInstances.get();
    int share = (permitsPerSecond + instances - 1) / instances;
    return buckets.tryAcquire(kind + ":" + user, permits, share);
  }

  /** How many instances this one believes share the budget. */
  int liveInstances() {
    return liveInstances.get();
  }

  private void heartbeat(Duration timeout) {
    long staleAfter = 3 * properties.heartbeatInterval().toMillis();
    try {
      Long live =
          script
              .<Long>evalAsync(
                  RScript.Mode.READ_WRITE,
                  HEARTBEAT,
                  RScript.ReturnType.LONG,
                  List.of(INSTANCES_KEY),
                  String.valueOf(clock.millis()),
                  instanceId,
                  String.valueOf(staleAfter))
              .toCompletableFuture()
              .get(timeout.toMillis(), TimeUnit.MILLISECONDS);
      liveInstances.set((int) Math.max(1, live));
      if (degraded) {
        degraded = false;
        LOG.info("rate limiter: Redis answers again; {} live instances share the budget", live);
      }
    } catch (Exception unreachable) {
      if (unreachable instanceof InterruptedException) {
        Thread.currentThread().interrupt();
      }
      if (!degraded) {
        degraded = true;
        LOG.warn(
            "rate limiter: Redis did not answer ({}); each instance keeps its share for {} live"
                + " instances until it answers again",
            unreachable.toString(),
            liveInstances.get());
      }
    }
  }

  @Override
  public void destroy() {
    stop();
  }

  /**
   * Leaves the set of live instances, so the others take over this one's share at once. A heartbeat
   * under way finishes first: sent on another connection, its {@code ZADD} could otherwise reach
   * Redis after the {@code ZREM} and announce this instance again until it goes stale.
   */
  void stop() {
    heartbeats.shutdown();
    try {
      if (!heartbeats.awaitTermination(properties.timeout().toMillis(), TimeUnit.MILLISECONDS)) {
        heartbeats.shutdownNow();
      }
    } catch (InterruptedException interrupted) {
      heartbeats.shutdownNow();
      Thread.currentThread().interrupt();
    }
    try {
      script
          .evalAsync(
              RScript.Mode.READ_WRITE,
              "return redis.call('ZREM', KEYS[1], ARGV[1])",
              RScript.ReturnType.LONG,
              List.of(INSTANCES_KEY),
              instanceId)
          .toCompletableFuture()
          .get(properties.timeout().toMillis(), TimeUnit.MILLISECONDS);
    } catch (Exception unreachable) {
      if (unreachable instanceof InterruptedException) {
        Thread.currentThread().interrupt();
      }
      LOG.info("rate limiter: could not leave the instance set ({})", unreachable.toString());
    }
  }
}
