package dev.ewallet.ledger.adapter.persistence.webhook;

import dev.ewallet.ledger.adapter.persistence.SqlTypes;
import dev.ewallet.ledger.adapter.persistence.outbox.WebhookFanOut;
import dev.ewallet.ledger.domain.port.out.WebhookDeliveryStore;
import dev.ewallet.ledger.domain.webhook.DeliveryAttempt;
import dev.ewallet.ledger.domain.webhook.DeliveryStatus;
import dev.ewallet.ledger.domain.webhook.WebhookBacklog;
import dev.ewallet.ledger.domain.webhook.WebhookDelivery;
import dev.ewallet.ledger.domain.webhook.WebhookDeliveryView;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.stream.Collectors;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

/**
 * Deliveries and their attempts in {@code webhook_delivery} and {@code webhook_attempt}; endpoint
 * leases and back-off in {@code webhook_endpoint}. Each method is one autocommitted statement (or
 * two reads), so the deliverer never holds a connection while a receiver answers.
 *
 * <p>A delivery's body and ordering keys are derived, when it is read, from the outbox row it names
 * ({@link #BODY}, {@link WebhookFanOut#orderingKeys}), the same every time; deliveries written
 * before changeset 031 carry a copy of their own.
 */
@Repository
class JdbcWebhookDeliveryStoreAdapter implements WebhookDeliveryStore {

  /** What is sent: {@code {"id","type","createdAt","data"}} of the outbox row {@code o}. */
  private static final String BODY =
      "jsonb_build_object('id', o.event_id, 'type', d.event_type, 'createdAt',"
          + " to_char(o.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD\"T\"HH24:MI:SS.US\"Z\"'),"
          + " 'data', o.payload)::text";

  /** The columns of a delivery {@code d} and its event {@code o}, joined by {@link #EVENT}. */
  private static final String COLUMNS =
      "d.id, d.endpoint_id, d.outbox_id, d.event_id, d.event_type, COALESCE(d.ordering_keys, "
          + WebhookFanOut.orderingKeys("o")
          + ") AS ordering_keys, COALESCE(d.body, "
          + BODY
          + ") AS body, d.status, d.attempts, d.created_at, d.next_attempt_at, d.finished_at";

  /** The event {@code o} of the delivery {@code d}. */
  private static final String EVENT = " LEFT JOIN outbox_event o ON o.id = d.outbox_id";

  private static final String FROM = " FROM webhook_delivery d" + EVENT;

  private static final String DUE_ENDPOINTS =
      "SELECT w.id FROM webhook_endpoint w"
          + " WHERE w.deleted_at IS NULL AND NOT w.paused AND (w.retry_at IS NULL OR w.retry_at <= ?)"
          + " AND EXISTS (SELECT 1 FROM webhook_delivery d WHERE d.endpoint_id = w.id"
          + " AND d.status = 'PENDING' AND d.next_attempt_at <= ?)"
          + " ORDER BY w.id";

  /** By the database's clock, which every instance shares. */
  private static final String LEASE =
      "UPDATE webhook_endpoint SET lease_owner = ?,"
          + " lease_until = clock_timestamp() + ? * interval '1 millisecond'"
          + " WHERE id = ? AND (lease_owner IS NULL OR lease_owner = ?"
          + " OR lease_until < clock_timestamp())";

  private static final String RELEASE =
      "UPDATE webhook_endpoint SET lease_owner = NULL, lease_until = NULL"
          + " WHERE id = ? AND lease_owner = ?";

  private static final String PENDING =
      "SELECT "
          + COLUMNS
          + FROM
          + " WHERE d.endpoint_id = ? AND d.status = 'PENDING' ORDER BY d.outbox_id, d.id LIMIT ?";

  /**
   * A second instance that sent the same attempt after a lost lease records it once; a delivery
   * that finished meanwhile (delivered by that instance, or failed because its endpoint was
   * deleted) stays finished.
   */
  private static final String RECORD_ATTEMPT =
      "WITH attempt AS (INSERT INTO webhook_attempt"
          + " (delivery_id, attempt, at, status_code, latency_ms, error)"
          + " VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING)"
          + " UPDATE webhook_delivery SET status = ?, attempts = GREATEST(attempts, ?),"
          + " next_attempt_at = ?, finished_at = ? WHERE id = ? AND status = 'PENDING'";

  private static final String RECORD_ROUND =
      "UPDATE webhook_endpoint SET"
          + " retry_at = CASE WHEN ? THEN NULL ELSE ?::timestamptz END,"
          + " failed_rounds = CASE WHEN ? THEN 0 ELSE failed_rounds + 1 END,"
          + " healthy = CASE WHEN ? THEN false WHEN ? THEN true ELSE healthy END"
          + " WHERE id = ?";

  private static final String DELIVERIES =
      "SELECT "
          + COLUMNS
          + FROM
          + " WHERE d.endpoint_id = ?"
          + " AND (?::varchar IS NULL OR d.status = ?::varchar)"
          + " AND (?::bigint IS NULL OR d.outbox_id < ?::bigint)"
          + " ORDER BY d.outbox_id DESC LIMIT ?";

  private static final String ATTEMPTS =
      "SELECT delivery_id, attempt, at, status_code, latency_ms, error FROM webhook_attempt"
          + " WHERE delivery_id = ANY (?) ORDER BY delivery_id, attempt";

  private static final String REDELIVER =
      "WITH endpoint AS (UPDATE webhook_endpoint SET retry_at = NULL WHERE id = ?),"
          + " d AS (UPDATE webhook_delivery SET status = 'PENDING', next_attempt_at = ?,"
          + " finished_at = NULL WHERE endpoint_id = ? AND id = ? RETURNING *)"
          + " SELECT "
          + COLUMNS
          + " FROM d"
          + EVENT;

  /** Pending deliveries of endpoints not deleted: an index range of the pending index. */
  private static final String BACKLOG =
      "SELECT count(*) AS pending, min(d.created_at) AS oldest,"
          + " (SELECT count(*) FROM webhook_endpoint WHERE deleted_at IS NULL AND NOT healthy)"
          + " AS unhealthy"
          + " FROM webhook_delivery d JOIN webhook_endpoint w"
          + " ON w.id = d.endpoint_id AND w.deleted_at IS NULL WHERE d.status = 'PENDING'";

  private static final String PRUNE =
      "DELETE FROM webhook_delivery WHERE id IN (SELECT id FROM webhook_delivery"
          + " WHERE status <> 'PENDING' AND finished_at < ? ORDER BY finished_at LIMIT ?)";

  private final JdbcClient jdbc;

  JdbcWebhookDeliveryStoreAdapter(JdbcClient jdbc) {
    this.jdbc = jdbc;
  }

  @Override
  public List<Long> dueEndpoints(Instant now) {
    return jdbc.sql(DUE_ENDPOINTS)
        .params(SqlTypes.timestamp(now), SqlTypes.timestamp(now))
        .query(Long.class)
        .list();
  }

  @Override
  public boolean lease(long endpointId, UUID owner, Duration length) {
    return jdbc.sql(LEASE).params(owner, length.toMillis(), endpointId, owner).update() == 1;
  }

  @Override
  public void release(long endpointId, UUID owner) {
    jdbc.sql(RELEASE).params(endpointId, owner).update();
  }

  @Override
  public List<WebhookDelivery> pending(long endpointId, int limit) {
    return jdbc.sql(PENDING).params(endpointId, limit).query((row, n) -> delivery(row)).list();
  }

  @Override
  public void recordAttempt(
      WebhookDelivery delivery,
      DeliveryAttempt attempt,
      DeliveryStatus status,
      Instant nextAttemptAt) {
    boolean finished = status != DeliveryStatus.PENDING;
    jdbc.sql(RECORD_ATTEMPT)
        .params(
            delivery.id(),
            attempt.attempt(),
            SqlTypes.timestamp(attempt.at()),
            attempt.statusCode(),
            (int) Math.min(Integer.MAX_VALUE, attempt.latencyMillis()),
            attempt.error(),
            status.name(),
            attempt.attempt(),
            SqlTypes.timestamp(finished ? delivery.nextAttemptAt() : nextAttemptAt),
            finished ? SqlTypes.timestamp(attempt.at()) : null,
            delivery.id())
        .update();
  }

  @Override
  public void recordRound(long endpointId, boolean delivered, Instant retryAt, boolean gaveUp) {
    jdbc.sql(RECORD_ROUND)
        .params(
            delivered,
            retryAt == null ? null : SqlTypes.timestamp(retryAt),
            delivered,
            gaveUp,
            delivered,
            endpointId)
        .update();
  }

  @Override
  public List<WebhookDeliveryView> deliveries(
      long endpointId, DeliveryStatus status, Long before, int limit) {
    String statusName = status == null ? null : status.name();
    List<WebhookDelivery> deliveries =
        jdbc.sql(DELIVERIES)
            .params(endpointId, statusName, statusName, before, before, limit)
            .query((row, n) -> delivery(row))
            .list();
    if (deliveries.isEmpty()) {
      return List.of();
    }
    long[] ids = deliveries.stream().mapToLong(WebhookDelivery::id).toArray();
    Map<Long, List<DeliveryAttempt>> attempts =
        jdbc
            .sql(ATTEMPTS)
            .param(ids)
            .query((row, n) ->
                Map.entry(
                    row.getLong("delivery_id"),
                    new DeliveryAttempt(
                        row.getInt("attempt"),
                        SqlTypes.instant(row, "at"),
                        (Integer) row.getObject("status_code"),
                        row.getInt("latency_ms"),
                        row.getString("error"))))
            .list()
            .stream()
            .collect(
                Collectors.groupingBy(
                    Map.Entry::getKey,
                    Collectors.mapping(Map.Entry::getValue, Collectors.toList())));
    return deliveries.stream()
        .map(d -> new WebhookDeliveryView(d, attempts.getOrDefault(d.id(), List.of())))
        .toList();
  }

  @Override
  public Optional<WebhookDelivery> redeliver(long endpointId, long deliveryId, Instant now) {
    return jdbc.sql(REDELIVER)
        .params(endpointId, SqlTypes.timestamp(now), endpointId, deliveryId)
        .query((row, n) -> delivery(row))
        .optional();
  }

  @Override
  public WebhookBacklog backlog() {
    return jdbc.sql(BACKLOG)
        .query((row, n) ->
            new WebhookBacklog(
                row.getLong("pending"),
                SqlTypes.nullableInstant(row, "oldest"),
                row.getLong("unhealthy")))
        .single();
  }

  @Override
  public int pruneFinishedBefore(Instant cutoff, int limit) {
    return jdbc.sql(PRUNE).params(SqlTypes.timestamp(cutoff), limit).update();
  }

  private static WebhookDelivery delivery(ResultSet row) throws SQLException {
    return new WebhookDelivery(
        row.getLong("id"),
        row.getLong("endpoint_id"),
        row.getLong("outbox_id"),
        row.getObject("event_id", UUID.class),
        row.getString("event_type"),
        Arrays.asList((String[]) row.getArray("ordering_keys").getArray()),
        row.getString("body"),
        DeliveryStatus.valueOf(row.getString("status")),
        row.getInt("attempts"),
        SqlTypes.instant(row, "created_at"),
        SqlTypes.instant(row, "next_attempt_at"),
        SqlTypes.nullableInstant(row, "finished_at"));
  }
}
