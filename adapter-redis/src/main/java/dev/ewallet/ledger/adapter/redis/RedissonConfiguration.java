package dev.ewallet.ledger.adapter.redis;

import org.redisson.Redisson;
import org.redisson.api.RedissonClient;
import org.redisson.config.Config;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * The Redisson client: lazily connected, so the service starts and serves without Redis, with short
 * timeouts and no retries, so a slow or absent Redis costs a request tens of milliseconds at most
 * before the fallback answers.
 */
@Configuration
@EnableConfigurationProperties(RedisProperties.class)
class RedissonConfiguration {

  @Bean(destroyMethod = "shutdown")
  RedissonClient redissonClient(RedisProperties properties) {
    int timeoutMs = Math.toIntExact(properties.timeout().toMillis());
    Config config = new Config();
    config.setLazyInitialization(true);
    config.setNettyThreads(4);
    config
        .useSingleServer()
        .setAddress(properties.url())
        .setTimeout(timeoutMs)
        .setConnectTimeout(Math.max(100, timeoutMs))
        .setRetryAttempts(0)
        .setConnectionMinimumIdleSize(2)
        .setConnectionPoolSize(16);
    return Redisson.create(config);
  }
}
