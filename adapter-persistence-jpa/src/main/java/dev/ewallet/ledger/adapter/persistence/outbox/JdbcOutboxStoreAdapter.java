package dev.ewallet.ledger.adapter.persistence.outbox;

import dev.ewallet.ledger.adapter.persistence.SqlTypes;
import dev.ewallet.ledger.domain.outbox.OutboxBacklog;
import dev.ewallet.ledger.domain.outbox.OutboxMessage;
import dev.ewallet.ledger.domain.outbox.TraceContext;
import dev.ewallet.ledger.domain.port.out.OutboxStore;
import java.sql.Array;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.Arrays;
import java.util.List;
import java.util.UUID;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

/**
 * The outbox table as the relay sees it. A transaction-scoped advisory lock lets one relay at a
 * time take a batch, so that two relays never interleave one account's events; {@code FOR UPDATE
 * SKIP LOCKED} keeps the batch's rows to that relay even if the lock discipline is ever bypassed.
 */
@Repository
class JdbcOutboxStoreAdapter implements OutboxStore {

  /** The advisory lock key every relay agrees on: "LEDGOUTB" in ASCII. */
  static final long RELAY_LOCK = 0x4c4544474f555442L;

  private static final String TRY_RELAY_LOCK = "SELECT pg_try_advisory_xact_lock(?)";

  private static final String NEXT_BATCH =
      "SELECT o.id, o.event_id, o.topic, o.payload::text AS payload, o.trace_parent, "
          + WebhookFanOut.recordKeys("o")
          + " AS record_keys"
          + " FROM outbox_event o WHERE NOT o.published ORDER BY o.id LIMIT ?"
          + " FOR UPDATE SKIP LOCKED";

  private static final String MARK_PUBLISHED =
      "UPDATE outbox_event SET published = true, published_at = ? WHERE id = ANY(?)";

  /** Both ends of the partial index on unpublished ids: two index probes, whatever the backlog. */
  private static final String BACKLOG_RANGE =
      "SELECT min(id) AS first, max(id) AS last FROM outbox_event WHERE NOT published";

  private static final String CREATED_AT = "SELECT created_at FROM outbox_event WHERE id = ?";

  private static final String COUNT_WAITING =
      "SELECT count(*) FROM outbox_event WHERE NOT published";

  /** Up to this many waiting rows the backlog is counted exactly; above, estimated. */
  static final long EXACT_COUNT_LIMIT = 10_000;

  /**
   * Published events past the retention that no webhook delivery names: a delivery is sent, and can
   * be sent again, from its event's row (one probe of each endpoint's delivery index per row).
   */
  private static final String PRUNE =
      "DELETE FROM outbox_event WHERE id IN (SELECT o.id FROM outbox_event o"
          + " WHERE o.published AND o.published_at < ? AND NOT EXISTS (SELECT 1"
          + " FROM webhook_endpoint w JOIN webhook_delivery d ON d.endpoint_id = w.id"
          + " AND d.outbox_id = o.id) ORDER BY o.published_at LIMIT ?)";

  private final JdbcClient jdbc;

  JdbcOutboxStoreAdapter(JdbcClient jdbc) {
    this.jdbc = jdbc;
  }

  @Override
  public List<OutboxMessage> lockNextBatch(int limit) {
    boolean relayLock = jdbc.sql(TRY_RELAY_LOCK).param(RELAY_LOCK).query(Boolean.class).single();
    if (!relayLock) {
      return List.of();
    }
    return jdbc.sql(NEXT_BATCH).param(limit).query((row, n) -> message(row)).list();
  }

  private static OutboxMessage message(ResultSet row) throws SQLException {
    Array keys = row.getArray("record_keys");
    List<String> recordKeys = Arrays.asList((String[]) keys.getArray());
    return new OutboxMessage(
        row.getLong("id"),
        row.getObject("event_id", UUID.class),
        row.getString("topic"),
        recordKeys,
        row.getString("payload"),
        TraceContext.fromTraceparent(row.getString("trace_parent")));
  }

  @Override
  public void markPublished(List<Long> ids, Instant at) {
    long[] idArray = ids.stream().mapToLong(Long::longValue).toArray();
    jdbc.sql(MARK_PUBLISHED).params(SqlTypes.timestamp(at), idArray).update();
  }

  /**
   * Polled every second by the monitor, so it must stay cheap when Kafka has been away for hours
   * and millions of rows wait: the oldest row is found at the low end of the unpublished-id index,
   * and a large backlog is estimated from the id range (ids of rolled-back postings are gaps, so
   * the estimate errs high) instead of counted.
   */
  @Override
  public OutboxBacklog backlog() {
    long[] range =
        jdbc.sql(BACKLOG_RANGE)
            .query((row, n) -> new long[] {row.getLong("first"), row.getLong("last")})
            .single();
    if (range[0] == 0) {
      return OutboxBacklog.EMPTY;
    }
    Instant oldest =
        jdbc.sql(CREATED_AT)
            .param(range[0])
            .query((row, n) -> SqlTypes.instant(row, "created_at"))
            .optional()
            .orElseGet(Instant::now);
    long span = range[1] - range[0] + 1;
    long count =
        span <= EXACT_COUNT_LIMIT ? jdbc.sql(COUNT_WAITING).query(Long.class).single() : span;
    return new OutboxBacklog(count, oldest);
  }

  @Override
  public int prunePublishedBefore(Instant cutoff, int limit) {
    return jdbc.sql(PRUNE).params(SqlTypes.timestamp(cutoff), limit).update();
  }
}
