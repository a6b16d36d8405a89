package dev.ewallet.ledger.adapter.redis;

import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * Where the shared rate limiter lives and how long it may take ({@code ledger.redis.*}).
 *
 * @param url the Redis server, e.g. {@code redis://127.0.0.1:6379}
 * @param timeout the most one limiter call may take before the in-process fallback answers
 * @param retryInterval after a failure, how long the fallback answers before Redis is tried again
 */
@ConfigurationProperties("ledger.redis")
record RedisProperties(
    @DefaultValue("redis://127.0.0.1:6379") String url,
    @DefaultValue("PT0.05S") Duration timeout,
    @DefaultValue("PT1S") Duration retryInterval) {}
