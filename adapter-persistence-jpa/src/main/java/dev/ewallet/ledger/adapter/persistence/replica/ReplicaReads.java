package dev.ewallet.ledger.adapter.persistence.replica;

import com.zaxxer.hikari.HikariDataSource;
import dev.ewallet.ledger.adapter.persistence.DatabaseFailure;
import dev.ewallet.ledger.adapter.persistence.DatabaseSessionConfiguration;
import dev.ewallet.ledger.domain.account.AccountId;
import dev.ewallet.ledger.domain.port.out.WritePositions;
import dev.ewallet.ledger.runtime.TimeoutBudget;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;
import java.util.function.Function;
import javax.sql.DataSource;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.DisposableBean;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.scheduling.annotation.Scheduled;

/**
 * Reads a streaming replica may serve (history pages), routed so that nobody misses their own
 * writes and nobody reads far into the past. Without {@code ledger.replica.url} every read goes to
 * the primary and nothing here costs anything.
 *
 * <p>Read-your-writes: after each unit of work that changed balances commits, the primary's WAL
 * position is recorded for every account it wrote (and the merchant above a shard) in {@link
 * WritePositions}, shared by all instances, before any caller is answered. A read of an account
 * goes to the replica once the replica has replayed that position, waiting at most {@code
 * max-wait}; otherwise, and whenever the positions cannot be read or recorded, to the primary. An
 * account absent on the replica is asked of the primary too (it may have just been opened).
 *
 * <p>Bounded staleness: every {@code check-interval} the primary's position is sampled and compared
 * with the replica's replay position; a replica that has not replayed a position the primary passed
 * more than {@code max-lag} ago, or that does not answer, serves nothing until it catches up. Since
 * positions are kept longer than {@code max-lag}, an account without a recorded position was last
 * written before anything the replica may lack, unless the store lost positions (a Redis restart,
 * failover or flush): for a retention after that it answers "unknown" and the primary serves.
 * Balances used for decisions are never read here: postings lock their rows on the primary.
 *
 * <p>Why this file is longer than the project's 300 lines: the route a read takes depends at once
 * on the recorded positions, the sampled lag, the replica's health and the store's state, all
 * updated here; split over classes, each would need the others' state to decide, and the rule that
 * nobody misses their own writes could no longer be checked in one place.
 */
public final class ReplicaReads implements DisposableBean {

  private static final Logger LOG = LoggerFactory.getLogger(ReplicaReads.class);

  private static final String POSITION = "SELECT (pg_current_wal_lsn() - '0/0'::pg_lsn)::bigint";
  private static final String REPLAYED =
      "SELECT (pg_last_wal_replay_lsn() - '0/0'::pg_lsn)::bigint";
  private static final long POLL_NANOS = Duration.ofMillis(5).toNanos();
  private static final int MAX_SAMPLES = 1_024;

  private record Sample(long atNanos, long position) {}

  private final JdbcClient primary;
  private final DataSource primaryDataSource;
  private final HikariDataSource replicaPool;
  private final JdbcClient replica;
  private final DataSource replicaDataSource;
  private final WritePositions positions;
  private final ReplicaProperties properties;
  private final MeterRegistry registry;
  private final Map<String, Counter> reads = new ConcurrentHashMap<>();
  private final AtomicLong replayed = new AtomicLong();
  private final Deque<Sample> samples = new ArrayDeque<>();
  private volatile boolean healthy;
  private volatile long lagBytes;
  private volatile long unrecordedUntilNanos = System.nanoTime();

  /** No replica: every read is the primary's. */
  public static ReplicaReads none(JdbcClient primary, DataSource primaryDataSource) {
    return new ReplicaReads(primary, primaryDataSource, null, null, null, null, null);
  }

  static ReplicaReads of(
      JdbcClient primary,
      DataSource primaryDataSource,
      ReplicaProperties properties,
      TimeoutBudget budget,
      WritePositions positions,
      MeterRegistry registry) {
    Duration needed = properties.maxLag().plus(properties.checkInterval());
    if (positions.retention().compareTo(needed) <= 0) {
      throw new IllegalStateException(
          "write positions are kept for "
              + positions.retention()
              + ", which must be longer than ledger.replica.max-lag plus check-interval ("
              + needed
              + ")");
    }
    HikariDataSource pool = new HikariDataSource();
    pool.setPoolName("ledger-replica");
    pool.setJdbcUrl(properties.url());
    pool.setUsername(properties.username());
    pool.setPassword(properties.password());
    pool.setMaximumPoolSize(properties.poolSize());
    pool.setReadOnly(true);
    pool.setInitializationFailTimeout(-1);
    DatabaseSessionConfiguration.configure(pool, budget);
    ReplicaReads reads =
        new ReplicaReads(
            primary,
            primaryDataSource,
            pool,
            new DatabaseSessionConfiguration.DeadlineBoundDataSource(pool, budget),
            positions,
            properties,
            registry);
    Gauge.builder("ledger.replica.healthy", reads, r -> r.healthy ? 1 : 0)
        .description("1 while the replica answers and lags less than ledger.replica.max-lag")
        .register(registry);
    Gauge.builder("ledger.replica.lag", reads, r -> r.lagBytes)
        .baseUnit("bytes")
        .description("WAL the replica had not replayed at the last check")
        .register(registry);
    return reads;
  }

  private ReplicaReads(
      JdbcClient primary,
      DataSource primaryDataSource,
      HikariDataSource replicaPool,
      DataSource replicaDataSource,
      WritePositions positions,
      ReplicaProperties properties,
      MeterRegistry registry) {
    this.primary = primary;
    this.primaryDataSource = primaryDataSource;
    this.replicaPool = replicaPool;
    this.replicaDataSource = replicaDataSource;
    this.replica = replicaDataSource == null ? null : JdbcClient.create(replicaDataSource);
    this.positions = positions;
    this.properties = properties;
    this.registry = registry;
  }

  /**
   * Runs {@code query} on the replica when it may answer for {@code account}, else on the primary.
   * An empty answer from the replica is asked of the primary again.
   */
  public <T> Optional<T> read(AccountId account, Function<JdbcClient, Optional<T>> query) {
    if (replica == null) {
      return query.apply(primary);
    }
    String reason = refusal(account);
    if (reason == null) {
      try {
        Optional<T> answer = query.apply(replica);
        if (answer.isPresent()) {
          count("replica", "caught-up");
          return answer;
        }
        reason = "not-on-replica";
      } catch (RuntimeException failure) {
        if (DatabaseFailure.of(failure).unavailable()) {
          healthy = false;
        }
        LOG.debug("replica read failed, served by the primary: {}", failure.toString());
        reason = "replica-failed";
      }
    }
    count("primary", reason);
    return query.apply(primary);
  }

  /**
   * Runs {@code work} on the replica's connections when it may answer for {@code account}, else on
   * the primary's: for reads that stream, which cannot start over elsewhere once begun.
   */
  public void streaming(AccountId account, Consumer<DataSource> work) {
    if (replica == null) {
      work.accept(primaryDataSource);
      return;
    }
    String reason = refusal(account);
    if (reason == null) {
      count("replica", "caught-up");
      work.accept(replicaDataSource);
    } else {
      count("primary", reason);
      work.accept(primaryDataSource);
    }
  }

  /** Why the replica may not answer for the account now; {@code null} when it may. */
  private String refusal(AccountId account) {
    if (!healthy) {
      return "replica-unhealthy";
    }
    if (System.nanoTime() - unrecordedUntilNanos < 0) {
      return "positions-unrecorded";
    }
    OptionalLong recorded;
    try {
      recorded = positions.positionOf(account);
    } catch (RuntimeException unreachable) {
      return "positions-unavailable";
    }
    if (recorded.isEmpty()) {
      return "positions-lost";
    }
    long needed = recorded.getAsLong();
    try {
      return needed <= replayed.get() || awaitReplay(needed) ? null : "replica-behind";
    } catch (RuntimeException failure) {
      return "replica-failed";
    }
  }

  private boolean awaitReplay(long needed) {
    long deadline = System.nanoTime() + properties.maxWait().toNanos();
    while (true) {
      if (replayed.accumulateAndGet(replayPosition(), Math::max) >= needed) {
        return true;
      }
      long left = deadline - System.nanoTime();
      if (left <= 0) {
        return false;
      }
      try {
        Thread.sleep(Duration.ofNanos(Math.min(left, POLL_NANOS)));
      } catch (InterruptedException interrupted) {
        Thread.currentThread().interrupt();
        return false;
      }
    }
  }

  private long replayPosition() {
    Long position = replica.sql(REPLAYED).query(Long.class).single();
    if (position == null) {
      throw new IllegalStateException(
          "ledger.replica.url names a server that is not replaying WAL: not a standby");
    }
    return position;
  }

  private void count(String servedBy, String reason) {
    reads
        .computeIfAbsent(
            servedBy + reason,
            k ->
                Counter.builder("ledger.replica.reads")
                    .description("Reads a replica may serve, by who served them and why")
                    .tag("served_by", servedBy)
                    .tag("reason", reason)
                    .register(registry))
        .increment();
  }

  /**
   * A unit of work committed, having written these accounts: records the primary's position for
   * them. When that fails, the posting stands; this instance then reads only from the primary for
   * as long as a position is kept, since its callers' positions are missing.
   */
  public void committed(Set<AccountId> written) {
    if (replica == null || written.isEmpty()) {
      return;
    }
    try {
      positions.record(written, primary.sql(POSITION).query(Long.class).single());
    } catch (RuntimeException failure) {
      unrecordedUntilNanos = System.nanoTime() + positions.retention().toNanos();
      LOG.warn(
          "could not record write positions ({}); this instance reads history from the primary"
              + " for {}",
          failure.toString(),
          positions.retention());
    }
  }

  /** Compares the replica's replay position with the primary's, and decides if it may serve. */
  @Scheduled(
      initialDelayString = "PT0S",
      fixedDelayString = "${ledger.replica.check-interval:PT1S}")
  void check() {
    if (replica == null) {
      return;
    }
    boolean wasHealthy = healthy;
    try {
      long primaryAt = primary.sql(POSITION).query(Long.class).single();
      long now = System.nanoTime();
      long replicaAt = replayPosition();
      replayed.set(replicaAt);
      synchronized (samples) {
        if (samples.size() == MAX_SAMPLES) {
          samples.removeLast();
        }
        samples.addLast(new Sample(now, primaryAt));
        while (samples.size() > 1 && samples.peekFirst().position() <= replicaAt) {
          samples.removeFirst();
        }
        Sample oldestMissing = samples.peekFirst();
        boolean behind = oldestMissing.position() > replicaAt;
        lagBytes = Math.max(0, primaryAt - replicaAt);
        healthy = !behind || now - oldestMissing.atNanos() <= properties.maxLag().toNanos();
      }
    } catch (RuntimeException failure) {
      healthy = false;
      if (wasHealthy) {
        LOG.warn(
            "the replica does not answer; history is read from the primary: {}",
            failure.toString());
      }
      return;
    }
    if (wasHealthy != healthy) {
      LOG.info(
          healthy
              ? "the replica is within ledger.replica.max-lag; it serves history again"
              : "the replica lags more than ledger.replica.max-lag; history is read from the"
                  + " primary");
    }
  }

  @Override
  public void destroy() {
    if (replicaPool != null) {
      replicaPool.close();
    }
  }
}
