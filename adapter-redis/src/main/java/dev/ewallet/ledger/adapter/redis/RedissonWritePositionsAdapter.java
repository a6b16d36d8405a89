package dev.ewallet.ledger.adapter.redis;

import dev.ewallet.ledger.domain.account.AccountId;
import dev.ewallet.ledger.domain.port.out.WritePositions;
import java.time.Duration;
import java.util.Collection;
import java.util.List;
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

  private final RedissonClient redis;
  private final RScript script;
  private final Duration timeout;
  private final Duration retention;

  RedissonWritePositionsAdapter(RedissonClient redis, RedisProperties properties) {
    this.redis = redis;
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
  public long positionOf(AccountId account) {
    String stored =
        await(
            redis
                .<String>getBucket(key(account), StringCodec.INSTANCE)
                .getAsync()
                .toCompletableFuture());
    return stored == null ? 0 : Long.parseUnsignedLong(stored);
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
