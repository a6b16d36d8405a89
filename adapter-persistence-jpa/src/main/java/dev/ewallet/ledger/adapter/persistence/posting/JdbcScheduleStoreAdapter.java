package dev.ewallet.ledger.adapter.persistence.posting;

import dev.ewallet.ledger.adapter.persistence.MetadataJson;
import dev.ewallet.ledger.adapter.persistence.SqlTypes;
import dev.ewallet.ledger.domain.account.AccountId;
import dev.ewallet.ledger.domain.account.UserId;
import dev.ewallet.ledger.domain.error.IdempotencyKeyReusedException;
import dev.ewallet.ledger.domain.journal.IdempotencyKey;
import dev.ewallet.ledger.domain.journal.RequestFingerprint;
import dev.ewallet.ledger.domain.journal.TransactionId;
import dev.ewallet.ledger.domain.port.out.ScheduleStore;
import dev.ewallet.ledger.domain.schedule.Recurrence;
import dev.ewallet.ledger.domain.schedule.ScheduleExecution;
import dev.ewallet.ledger.domain.schedule.ScheduleStatus;
import dev.ewallet.ledger.domain.schedule.ScheduledTransfer;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.UUID;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;
import org.springframework.transaction.annotation.Transactional;

/**
 * Scheduled transfers in PostgreSQL ({@code scheduled_transfer}, {@code scheduled_execution}), in
 * plain SQL. A schedule moves by compare-and-set on its state as read (status, run, tries), so two
 * instances moving it at once move it once; an execution is keyed by its run and try, so it is
 * recorded once.
 */
@Repository
class JdbcScheduleStoreAdapter implements ScheduleStore {

  private static final String COLUMNS =
      "id, owner_id, from_account, to_account, amount, reference, description,"
          + " metadata::text AS metadata, frequency, day_of_month, until, attempts, retry_every_s,"
          + " status, due, next_attempt_at, failed_attempts, created_at";

  private static final String INSERT =
      "INSERT INTO scheduled_transfer (id, owner_id, from_account, to_account, amount, reference,"
          + " description, metadata, frequency, day_of_month, until, attempts, retry_every_s,"
          + " status, due, next_attempt_at, failed_attempts, principal_id, idempotency_key,"
          + " fingerprint, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?::jsonb, ?, ?, ?, ?, ?, ?, ?,"
          + " ?, ?, ?, ?, ?, ?) ON CONFLICT (principal_id, idempotency_key) DO NOTHING";

  /** Each schedule still as read (status, run, tries) moves; one statement for a batch. */
  private static final String REPLACE =
      "UPDATE scheduled_transfer s SET status = v.status, due = v.due, next_attempt_at = v.next,"
          + " failed_attempts = v.failed FROM unnest(?::uuid[], ?::text[], ?::timestamptz[],"
          + " ?::timestamptz[], ?::smallint[], ?::text[], ?::timestamptz[], ?::smallint[])"
          + " AS v(id, status, due, next, failed, was_status, was_due, was_failed)"
          + " WHERE s.id = v.id AND s.status = v.was_status AND s.due = v.was_due"
          + " AND s.failed_attempts = v.was_failed";

  private static final String RECORD =
      "INSERT INTO scheduled_execution (schedule_id, due, attempt, outcome, transaction_id,"
          + " refusal, detail, at, retry_at) SELECT * FROM unnest(?::uuid[], ?::timestamptz[],"
          + " ?::smallint[], ?::text[], ?::uuid[], ?::text[], ?::text[], ?::timestamptz[],"
          + " ?::timestamptz[]) ON CONFLICT (schedule_id, due, attempt) DO NOTHING";

  private final JdbcClient jdbc;

  JdbcScheduleStoreAdapter(JdbcClient jdbc) {
    this.jdbc = jdbc;
  }

  @Override
  public ScheduledTransfer create(
      ScheduledTransfer schedule, long principalId, IdempotencyKey key, RequestFingerprint body) {
    Recurrence recurrence = schedule.recurrence();
    int inserted =
        jdbc.sql(INSERT)
            .params(
                schedule.id().value(),
                schedule.owner().value(),
                schedule.from().value(),
                schedule.to().value(),
                schedule.amountMinor(),
                schedule.details().reference(),
                schedule.details().description(),
                MetadataJson.write(schedule.details()),
                recurrence.frequency().name(),
                recurrence.dayOfMonth(),
                recurrence.until() == null ? null : SqlTypes.timestamp(recurrence.until()),
                schedule.attempts(),
                schedule.retryEvery().toSeconds(),
                schedule.status().name(),
                SqlTypes.timestamp(schedule.due()),
                SqlTypes.timestamp(schedule.nextAttemptAt()),
                schedule.failedAttempts(),
                principalId,
                key.value(),
                body.sha256Hex(),
                SqlTypes.timestamp(schedule.createdAt()))
            .update();
    if (inserted == 1) {
      return schedule;
    }
    record Earlier(ScheduledTransfer schedule, String fingerprint) {}
    Earlier earlier =
        jdbc.sql(
                "SELECT "
                    + COLUMNS
                    + ", fingerprint FROM scheduled_transfer"
                    + " WHERE principal_id = ? AND idempotency_key = ?")
            .params(principalId, key.value())
            .query((row, n) -> new Earlier(schedule(row, n), row.getString("fingerprint")))
            .single();
    if (!earlier.fingerprint().equals(body.sha256Hex())) {
      throw new IdempotencyKeyReusedException(key.value());
    }
    return earlier.schedule();
  }

  @Override
  public Optional<ScheduledTransfer> find(TransactionId id) {
    return jdbc.sql("SELECT " + COLUMNS + " FROM scheduled_transfer WHERE id = ?")
        .param(id.value())
        .query(JdbcScheduleStoreAdapter::schedule)
        .optional();
  }

  @Override
  public List<ScheduledTransfer> ofOwner(UserId owner, int limit) {
    return jdbc.sql(
            "SELECT "
                + COLUMNS
                + " FROM scheduled_transfer WHERE owner_id = ?"
                + " ORDER BY created_at DESC, id LIMIT ?")
        .params(owner.value(), limit)
        .query(JdbcScheduleStoreAdapter::schedule)
        .list();
  }

  @Override
  public List<ScheduledTransfer> due(Instant now, int limit) {
    return jdbc.sql(
            "SELECT "
                + COLUMNS
                + " FROM scheduled_transfer WHERE status = 'ACTIVE' AND next_attempt_at <= ?"
                + " ORDER BY next_attempt_at, id LIMIT ?")
        .params(SqlTypes.timestamp(now), limit)
        .query(JdbcScheduleStoreAdapter::schedule)
        .list();
  }

  @Override
  @Transactional
  public int replaceAll(List<Move> moves) {
    List<ScheduleExecution> executions =
        moves.stream().map(Move::execution).filter(Objects::nonNull).toList();
    if (!executions.isEmpty()) {
      jdbc.sql(RECORD)
          .params(
              executions.stream().map(e -> e.scheduleId().value()).toArray(UUID[]::new),
              executions.stream().map(e -> e.due().toString()).toArray(String[]::new),
              executions.stream().map(ScheduleExecution::attempt).toArray(Integer[]::new),
              executions.stream().map(e -> e.outcome().name()).toArray(String[]::new),
              executions.stream()
                  .map(e -> e.transactionId() == null ? null : e.transactionId().value())
                  .toArray(UUID[]::new),
              executions.stream().map(ScheduleExecution::refusal).toArray(String[]::new),
              executions.stream().map(ScheduleExecution::detail).toArray(String[]::new),
              executions.stream().map(e -> e.at().toString()).toArray(String[]::new),
              executions.stream()
                  .map(e -> e.retryAt() == null ? null : e.retryAt().toString())
                  .toArray(String[]::new))
          .update();
    }
    return jdbc.sql(REPLACE)
        .params(
            moves.stream().map(m -> m.before().id().value()).toArray(UUID[]::new),
            moves.stream().map(m -> m.after().status().name()).toArray(String[]::new),
            moves.stream().map(m -> m.after().due().toString()).toArray(String[]::new),
            moves.stream().map(m -> m.after().nextAttemptAt().toString()).toArray(String[]::new),
            moves.stream().map(m -> m.after().failedAttempts()).toArray(Integer[]::new),
            moves.stream().map(m -> m.before().status().name()).toArray(String[]::new),
            moves.stream().map(m -> m.before().due().toString()).toArray(String[]::new),
            moves.stream().map(m -> m.before().failedAttempts()).toArray(Integer[]::new))
        .update();
  }

  @Override
  public List<ScheduleExecution> executions(TransactionId id, int limit) {
    return jdbc.sql(
            "SELECT schedule_id, due, attempt, outcome, transaction_id, refusal, detail, at,"
                + " retry_at FROM scheduled_execution WHERE schedule_id = ?"
                + " ORDER BY due DESC, attempt DESC LIMIT ?")
        .params(id.value(), limit)
        .query((row, n) -> {
          UUID transaction = row.getObject("transaction_id", UUID.class);
          return new ScheduleExecution(
              TransactionId.of(row.getObject("schedule_id", UUID.class)),
              SqlTypes.instant(row, "due"),
              row.getInt("attempt"),
              ScheduleExecution.Outcome.valueOf(row.getString("outcome")),
              transaction == null ? null : TransactionId.of(transaction),
              row.getString("refusal"),
              row.getString("detail"),
              SqlTypes.instant(row, "at"),
              SqlTypes.nullableInstant(row, "retry_at"));
        })
        .list();
  }

  private static ScheduledTransfer schedule(ResultSet row, int n) throws SQLException {
    int day = row.getInt("day_of_month");
    Integer dayOfMonth = row.wasNull() ? null : day;
    return new ScheduledTransfer(
        TransactionId.of(row.getObject("id", UUID.class)),
        UserId.of(row.getLong("owner_id")),
        AccountId.of(row.getLong("from_account")),
        AccountId.of(row.getLong("to_account")),
        row.getLong("amount"),
        MetadataJson.details(
            row.getString("reference"), row.getString("description"), row.getString("metadata")),
        new Recurrence(
            Recurrence.Frequency.valueOf(row.getString("frequency")),
            dayOfMonth,
            SqlTypes.nullableInstant(row, "until")),
        row.getInt("attempts"),
        Duration.ofSeconds(row.getLong("retry_every_s")),
        ScheduleStatus.valueOf(row.getString("status")),
        SqlTypes.instant(row, "due"),
        SqlTypes.instant(row, "next_attempt_at"),
        row.getInt("failed_attempts"),
        SqlTypes.instant(row, "created_at"));
  }
}
