package dev.ewallet.ledger.adapter.redis;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.ewallet.ledger.adapter.redis.testing.RedisTestServer;
import dev.ewallet.ledger.adapter.redis.testing.WritePositionsLineage;
import dev.ewallet.ledger.contracts.WritePositionsContract;
import dev.ewallet.ledger.domain.account.AccountId;
import dev.ewallet.ledger.domain.port.out.WritePositions;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.redisson.api.RedissonClient;
import org.redisson.api.redisnode.RedisNode;
import org.redisson.api.redisnode.RedisNodes;
import org.redisson.client.codec.StringCodec;

/** Write positions against a real Redis (a private server this test starts and stops). */
class RedissonWritePositionsAdapterIT {

  private static final RedisTestServer REDIS = new RedisTestServer();
  private static RedissonClient client;
  private static RedissonWritePositionsAdapter positions;

  @BeforeAll
  static void startRedis() {
    assumeTrue(RedisTestServer.available(), "needs a redis-server binary");
    REDIS.start();
    RedisProperties properties =
        new RedisProperties(
            REDIS.url(), Duration.ofMillis(500), Duration.ofSeconds(1), Duration.ofMinutes(1));
    client = new RedissonConfiguration().redissonClient(properties);
    positions = new RedissonWritePositionsAdapter(client, properties);
  }

  @AfterAll
  static void stopRedis() {
    if (client != null) {
      client.shutdown();
    }
    REDIS.stop();
  }

  @BeforeEach
  void aRedisThatHasKeptItsPositionsForLong() {
    assertThat(WritePositionsLineage.KEY).isEqualTo(RedissonWritePositionsAdapter.LINEAGE);
    WritePositionsLineage.began(client, Duration.ofHours(1));
  }

  @Nested
  class Contract extends WritePositionsContract {
    @Override
    protected WritePositions positions() {
      return positions;
    }
  }

  @Test
  void positionsAreStoredAsUnsignedDecimalsThatCompareAsStrings() {
    assertThat(RedissonWritePositionsAdapter.encode(-1)).isEqualTo("18446744073709551615");
    assertThat(RedissonWritePositionsAdapter.encode(Long.MAX_VALUE))
        .isGreaterThan(RedissonWritePositionsAdapter.encode((1L << 60) + 1));
  }

  @Test
  void everyRecordedPositionExpiresAfterTheRetention() {
    AccountId account = AccountId.of(1_004);
    positions.record(List.of(account), 42);

    long ttl =
        client
            .getBucket(
                RedissonWritePositionsAdapter.KEY_PREFIX + account.value(), StringCodec.INSTANCE)
            .remainTimeToLive();

    assertThat(ttl).isPositive().isLessThanOrEqualTo(Duration.ofMinutes(1).toMillis());
    assertThat(positions.retention()).isEqualTo(Duration.ofMinutes(1));
  }

  @Test
  void aRedisThatMayHaveLostPositionsAnswersUnknownForARetention() {
    AccountId account = AccountId.of(1_005);
    positions.record(List.of(account), 7);
    assertThat(positions.positionOf(account)).hasValue(7);

    // Emptied: a flush, a restart without persistence, everything evicted.
    client.getKeys().flushall();
    assertThat(positions.positionOf(account)).isEmpty();
    // A position recorded since may be lower than one that was lost: still unknown.
    positions.record(List.of(account), 8);
    assertThat(positions.positionOf(account)).isEmpty();

    // A retention later, every position that could have been lost would have expired anyway.
    WritePositionsLineage.began(client, Duration.ofMinutes(1));
    assertThat(positions.positionOf(account)).hasValue(8);

    // A lineage of another server: a restart or a failover keeps a persisted lineage, not its run.
    client.getMap(WritePositionsLineage.KEY, StringCodec.INSTANCE).put("run", "gone");
    assertThat(positions.positionOf(account)).isEmpty();
  }

  @Test
  void positionsEvictedUnderMemoryPressureAnswerUnknownForARetention() {
    AccountId account = AccountId.of(1_006);
    positions.record(List.of(account), 9);
    assertThat(positions.positionOf(account)).hasValue(9);

    // Under a volatile-* policy Redis evicts the keys that expire (the positions), never the
    // lineage: the position is gone and, without the eviction count, would read as "none recent".
    RedisNode server = client.getRedisNodes(RedisNodes.SINGLE).getInstance();
    try {
      server.setConfig("maxmemory-policy", "volatile-lru");
      server.setConfig("maxmemory", "1");
      assertThat(server.ping()).isTrue();
    } finally {
      server.setConfig("maxmemory", "0");
      server.setConfig("maxmemory-policy", "noeviction");
    }
    assertThat(
            client.getBucket(RedissonWritePositionsAdapter.KEY_PREFIX + account.value()).isExists())
        .isFalse();
    assertThat(client.getMap(WritePositionsLineage.KEY, StringCodec.INSTANCE).isExists()).isTrue();

    assertThat(positions.positionOf(account)).isEmpty();
    WritePositionsLineage.began(client, Duration.ofMinutes(1));
    assertThat(positions.positionOf(account)).hasValue(0);
  }

  @Test
  void aRedisThatDoesNotAnswerIsAFailureTheCallerSees() {
    RedisTestServer gone = new RedisTestServer().start();
    RedisProperties properties =
        new RedisProperties(
            gone.url(), Duration.ofMillis(200), Duration.ofSeconds(1), Duration.ofMinutes(1));
    RedissonClient unreachable = new RedissonConfiguration().redissonClient(properties);
    try {
      gone.stop();
      RedissonWritePositionsAdapter cut =
          new RedissonWritePositionsAdapter(unreachable, properties);

      assertThatThrownBy(() -> cut.record(List.of(AccountId.of(1)), 1))
          .isInstanceOf(IllegalStateException.class)
          .hasMessageContaining("Redis did not answer");
      assertThatThrownBy(() -> cut.positionOf(AccountId.of(1)))
          .isInstanceOf(IllegalStateException.class);
    } finally {
      unreachable.shutdown();
    }
  }
}
