package dev.ewallet.ledger.adapter.redis.testing;

import java.time.Duration;
import java.util.List;
import org.redisson.api.RScript;
import org.redisson.api.RedissonClient;
import org.redisson.client.codec.StringCodec;

/**
 * Sets the lineage of the write positions a Redis holds (the hash the write-positions adapter keeps
 * beside them), for tests that need a Redis whose positions are trusted or just lost.
 */
public final class WritePositionsLineage {

  /** The lineage's key: the server's run id, its count of evicted keys, when the lineage began. */
  public static final String KEY = "ledger:written:lineage";

  private WritePositionsLineage() {}

  /** As if the lineage on the running server had begun {@code ago}, by Redis's clock. */
  public static void began(RedissonClient redis, Duration ago) {
    redis
        .getScript(StringCodec.INSTANCE)
        .eval(
            RScript.Mode.READ_WRITE,
            """
            local run = string.match(redis.call('INFO', 'server'), 'run_id:(%w+)')
            local evicted = string.match(redis.call('INFO', 'stats'), 'evicted_keys:(%d+)')
            local time = redis.call('TIME')
            redis.call('HSET', KEYS[1], 'run', run, 'evicted', evicted,
                'since', tonumber(time[1]) * 1000 - ARGV[1])
            return 1
            """,
            RScript.ReturnType.LONG,
            List.of(KEY),
            String.valueOf(ago.toMillis()));
  }
}
