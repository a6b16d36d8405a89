package dev.ewallet.ledger.adapter.persistence.audit;

import dev.ewallet.ledger.adapter.persistence.SqlTypes;
import dev.ewallet.ledger.domain.audit.AuditEvent;
import dev.ewallet.ledger.domain.audit.AuditFilter;
import dev.ewallet.ledger.domain.audit.AuditRecord;
import dev.ewallet.ledger.domain.journal.TransactionId;
import dev.ewallet.ledger.domain.port.out.AuditTrail;
import java.sql.Array;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.UUID;
import java.util.function.Function;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

/**
 * The audit trail in PostgreSQL's {@code audit_event}: a batch of events is one multi-row insert
 * (arrays unnested server-side), and reads are keyset pages served by the actor, time and account
 * indexes.
 */
@Repository
class JdbcAuditTrailAdapter implements AuditTrail {

  /** Every column travels as a text array (the driver binds those directly), cast server-side. */
  private static final String APPEND =
      "INSERT INTO audit_event (occurred_at, actor, operator, token_id, issuer, client_address,"
          + " method, path, idempotency_key, status, code, transaction_id, account_ids)"
          + " SELECT e.occurred_at::timestamptz, e.actor, e.operator::boolean, e.token_id,"
          + " e.issuer, e.client_address, e.method, e.path, e.idempotency_key,"
          + " e.status::integer, e.code, e.transaction_id::uuid,"
          + " coalesce(string_to_array(nullif(e.account_ids, ''), ',')::bigint[], '{}')"
          + " FROM unnest(?::text[], ?::text[], ?::text[], ?::text[], ?::text[], ?::text[],"
          + " ?::text[], ?::text[], ?::text[], ?::text[], ?::text[], ?::text[], ?::text[])"
          + " WITH ORDINALITY AS e(occurred_at, actor, operator, token_id, issuer, client_address,"
          + " method, path, idempotency_key, status, code, transaction_id, account_ids, n)"
          + " ORDER BY e.n";

  private static final String COLUMNS =
      "id, occurred_at, actor, operator, token_id, issuer, client_address, method, path,"
          + " idempotency_key, status, code, transaction_id, account_ids";

  private final JdbcClient jdbc;

  JdbcAuditTrailAdapter(JdbcClient jdbc) {
    this.jdbc = jdbc;
  }

  @Override
  public void append(List<AuditEvent> events) {
    if (events.isEmpty()) {
      return;
    }
    jdbc.sql(APPEND)
        .params(
            column(events, AuditEvent::occurredAt),
            column(events, AuditEvent::actor),
            column(events, AuditEvent::operator),
            column(events, AuditEvent::tokenId),
            column(events, AuditEvent::issuer),
            column(events, AuditEvent::clientAddress),
            column(events, AuditEvent::method),
            column(events, AuditEvent::path),
            column(events, AuditEvent::idempotencyKey),
            column(events, AuditEvent::status),
            column(events, AuditEvent::code),
            column(events, AuditEvent::transactionId),
            column(
                events,
                e -> String.join(",", e.accountIds().stream().map(String::valueOf).toList())))
        .update();
  }

  private static String[] column(List<AuditEvent> events, Function<AuditEvent, ?> field) {
    return events.stream()
        .map(field)
        .map(value -> value == null ? null : value.toString())
        .toArray(String[]::new);
  }

  @Override
  public List<AuditRecord> find(AuditFilter filter, Long beforeId, int limit) {
    StringBuilder sql = new StringBuilder("SELECT " + COLUMNS + " FROM audit_event WHERE true");
    List<Object> params = new ArrayList<>();
    if (beforeId != null) {
      sql.append(" AND id < ?");
      params.add(beforeId);
    }
    if (filter.accountId() != null) {
      sql.append(" AND account_ids @> ARRAY[?]::bigint[]");
      params.add(filter.accountId());
    }
    if (filter.actor() != null) {
      sql.append(" AND actor = ?");
      params.add(filter.actor());
    }
    if (filter.from() != null) {
      sql.append(" AND occurred_at >= ?");
      params.add(SqlTypes.timestamp(filter.from()));
    }
    if (filter.to() != null) {
      sql.append(" AND occurred_at < ?");
      params.add(SqlTypes.timestamp(filter.to()));
    }
    sql.append(" ORDER BY id DESC LIMIT ?");
    params.add(limit);
    return jdbc.sql(sql.toString()).params(params).query((row, n) -> recordOf(row)).list();
  }

  private static AuditRecord recordOf(ResultSet row) throws SQLException {
    UUID transaction = row.getObject("transaction_id", UUID.class);
    Array accounts = row.getArray("account_ids");
    return new AuditRecord(
        row.getLong("id"),
        new AuditEvent(
            SqlTypes.instant(row, "occurred_at"),
            row.getString("actor"),
            row.getBoolean("operator"),
            row.getString("token_id"),
            row.getString("issuer"),
            row.getString("client_address"),
            row.getString("method"),
            row.getString("path"),
            row.getString("idempotency_key"),
            row.getInt("status"),
            row.getString("code"),
            transaction == null ? null : TransactionId.of(transaction),
            Arrays.asList((Long[]) accounts.getArray())));
  }
}
