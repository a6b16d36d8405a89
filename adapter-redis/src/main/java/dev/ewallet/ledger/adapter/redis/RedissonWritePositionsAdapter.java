package dev.ewallet.ledger.adapter.redis;

import dev.ewallet.ledger.domain.account.AccountId;
import dev.ewallet.ledger.domain.port.out.WritePositions;
import java.time.Duration;
import java.util.Collection;
import java.util.List;
import java.util.OptionalLong;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.redisson.api.RScript;
import org.redisson.api.RedissonClient;
import org.redisson.client.codec.StringCodec;
import org.springframework.stereotype.Component;

/**
 * Write positions in Redis, one key per account ({@code ledger:written:<id>}) expiring after {@code
 * ledger.redis.write-positions-retention}. One Lua script raises every key of a batch at once and
 * never lowers one, so batches that commit in one order and record in another leave each account at
 * its greatest position. Positions are stored as 20-digit decimal strings, compared as strings:
 * exact for every unsigned 64-bit value, where Lua's numbers are not. Every call waits at most
 * {@code ledger.redis.timeout} and then throws; the caller decides what a missing answer means.
 *
 * <p>Redis may lose positions it acknowledged: it restarts (without persistence, or with the last
 * seconds unsaved), a replica takes over, someone empties it, or it evicts keys to stay under its
 * {@code maxmemory}. Each read therefore also reads the positions' lineage ({@code
 * ledger:written:lineage}, no expiry): the Redis server's run id, how many keys it had evicted, and
 * when the lineage began, by Redis's clock. A lineage that is missing, names another run id (a
 * restart or a failover changes it; a persisted lineage keeps the old one) or another eviction
 * count (any key evicted since, under a {@code volatile-*} policy a position rather than the
 * lineage) starts again now, and while a lineage is younger than the retention every read answers
 * "unknown": a missing position proves nothing then, and a present one may be lower than one that
 * was lost.
 */
@Component
class RedissonWritePositionsAdapter implements WritePositions {

  static final String KEY_PREFIX = "ledger:written:";

  private static final String RAISE =
      """
      for _, key in ipairs(KEYS) do
        local current = redis.call('GET', key)
        if not current or current < ARGV[1] then
          redis.call('SET', key, ARGV[1], 'PX', ARGV[2])
        else
          redis.call('PEXPIRE', key, ARGV[2])
        end
      end
      return #KEYS
      """;

  static final String LINEAGE = KEY_PREFIX + "lineage";

  /** KEYS: the account's key, the lineage. Returns the position (or '') and the lineage's age. */
  private static final String READ =
      """
      local run = string.match(redis.call('INFO', 'server'), 'run_id:(%w+)')
      local evicted = string.match(redis.call('INFO', 'stats'), 'evicted_keys:(%d+)')
      local time = redis.call('TIME')
      local now = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
      local lineage = redis.call('HMGET', KEYS[2], 'run', 'evicted', 'since')
      local since = tonumber(lineage[3])
      if lineage[1] ~= run or lineage[2] ~= evicted or not since then
        redis.call('HSET', KEYS[2], 'run', run, 'evicted', evicted, 'since', now)
        since = now
      end
      return {redis.call('GET', KEYS[1]) or '', now - since}
      """;

  private final RScript script;
  private final Duration timeout;
  private final Duration retention;

  RedissonWritePositionsAdapter(RedissonClient redis, RedisProperties properties) {
    this.script = redis.getScript(StringCodec.INSTANCE);
    this.timeout = properties.timeout();
    this.retention = properties.writePositionsRetention();
  }

  @Override
  public void record(Collection<AccountId> accounts, long position) {
    if (accounts.isEmpty()) {
      return;
    }
    List<Object> keys = accounts.stream().<Object>map(RedissonWritePositionsAdapter::key).toList();
    await(
        script
            .<Long>evalAsync(
                RScript.Mode.READ_WRITE,
                RAISE,
                RScript.ReturnType.LONG,
                keys,
                encode(position),
                String.valueOf(retention.toMillis()))
            .toCompletableFuture());
  }

  @Override
  public OptionalLong positionOf(AccountId account) {
    List<Object> answer =
        await(
            script
                .<List<Object>>evalAsync(
                    RScript.Mode.READ_WRITE,
                    READ,
                    RScript.ReturnType.LIST,
                    List.of(key(account), LINEAGE))
                .toCompletableFuture());
    String stored = (String) answer.get(0);
    long lineageAgeMs = Long.parseLong(String.valueOf(answer.get(1)));
    if (lineageAgeMs < retention.toMillis()) {
      return OptionalLong.empty();
    }
    return OptionalLong.of(stored.isEmpty() ? 0 : Long.parseUnsignedLong(stored));
  }

  @Override
  public Duration retention() {
    return retention;
  }

  private static String key(AccountId account) {
    return KEY_PREFIX + account.value();
  }

  static String encode(long position) {
    String digits = Long.toUnsignedString(position);
    return "0".repeat(20 - digits.length()) + digits;
  }

  private <T> T await(CompletableFuture<T> call) {
    try {
      return call.get(timeout.toMillis(), TimeUnit.MILLISECONDS);
    } catch (InterruptedException interrupted) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted while waiting for Redis", interrupted);
    } catch (ExecutionException | TimeoutException unreachable) {
      throw new IllegalStateException("Redis did not answer: " + unreachable, unreachable);
    }
  }
}
