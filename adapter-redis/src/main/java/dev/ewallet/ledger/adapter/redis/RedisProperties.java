package dev.ewallet.ledger.adapter.redis;

import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * Redis for the rate limiter and the write positions of read-your-writes ({@code ledger.redis.*}).
 *
 * @param url the Redis server, e.g. {@code redis://127.0.0.1:6379}
 * @param timeout the longest one Redis call may take (the heartbeat's); no request waits on Redis
 * @param heartbeatInterval how often each instance announces itself and counts the live ones; an
 *     instance unheard for three intervals no longer counts
 * @param writePositionsRetention how long an account's latest write position is kept for reads
 *     served by a replica; a replica lagging longer than this is not read at all
 */
@ConfigurationProperties("ledger.redis")
record RedisProperties(
    @DefaultValue("redis://127.0.0.1:6379") String url,
    @DefaultValue("PT0.05S") Duration timeout,
    @DefaultValue("PT1S") Duration heartbeatInterval,
    @DefaultValue("PT1M") Duration writePositionsRetention) {}
