package dev.ewallet.ledger.adapter.persistence.posting;

import dev.ewallet.ledger.adapter.persistence.CoalescedStatements;
import dev.ewallet.ledger.adapter.persistence.PayeeColumns;
import dev.ewallet.ledger.adapter.persistence.SqlTypes;
import dev.ewallet.ledger.domain.account.AccountId;
import dev.ewallet.ledger.domain.bank.Overdue;
import dev.ewallet.ledger.domain.bankflow.Hold;
import dev.ewallet.ledger.domain.bankflow.HoldStatus;
import dev.ewallet.ledger.domain.bankflow.PendingPosition;
import dev.ewallet.ledger.domain.bankflow.Withdrawal;
import dev.ewallet.ledger.domain.bankflow.WithdrawalStatus;
import dev.ewallet.ledger.domain.journal.TransactionId;
import dev.ewallet.ledger.domain.money.CurrencyCode;
import dev.ewallet.ledger.domain.money.Money;
import dev.ewallet.ledger.domain.port.out.HoldRepository;
import dev.ewallet.ledger.domain.port.out.WithdrawalRepository;
import io.micrometer.core.instrument.DistributionSummary;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.SortedSet;
import java.util.UUID;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

/**
 * Withdrawals and holds in PostgreSQL. Their rows are locked through JPA ({@code
 * PESSIMISTIC_WRITE}) only after the posting path has locked the accounts, so settlements of one
 * withdrawal or hold serialize, and the global lock order (accounts by id, then holds, then
 * withdrawals, each by id) admits no deadlock. Rows are written with native SQL in the same
 * transaction, and read without a lock by one plain statement each, mapped straight to the domain's
 * records: no session, entity or transaction of JPA's for a read (docs/benchmarks/log.md,
 * "Withdrawals: the read after the batch").
 */
@Repository
class JpaBankFlowRepositoryAdapter implements WithdrawalRepository, HoldRepository {

  private static final String WITHDRAWAL_COLUMNS =
      "id, account_id, currency, amount, status, settled_by, failure_reason, created_at, updated_at,"
          + " payee_name, payee_scheme, payee_account, payee_bic";
  private static final String HOLD_COLUMNS =
      "id, account_id, destination_account_id, currency, amount, captured_amount, status,"
          + " expires_at, settled_by, created_at, updated_at";

  /**
   * The notes that the bank was asked, written together: each withdrawal's own time, and never over
   * an earlier note.
   */
  private static final String NOTE_ALL =
      "UPDATE withdrawal w SET payout_requested_at = n.at"
          + " FROM unnest(?::uuid[], ?::timestamptz[]) n(id, at)"
          + " WHERE w.id = n.id AND w.payout_requested_at IS NULL";

  /** The most notes one statement writes, and how many such statements may run at once. */
  private static final int NOTES_PER_STATEMENT = 64;

  private static final int NOTE_STATEMENTS_IN_FLIGHT = 2;

  /** A note that the bank was asked about a withdrawal, at an instant. */
  private record Note(TransactionId id, Instant at) {}

  private final JdbcClient jdbc;
  private final RowLocks locks;
  private final CoalescedStatements<Note, Void> notes;

  JpaBankFlowRepositoryAdapter(
      JdbcClient jdbc, RowLocks locks, ObjectProvider<MeterRegistry> registry) {
    this.jdbc = jdbc;
    this.locks = locks;
    this.notes =
        new CoalescedStatements<>(
            this::noteAll,
            NOTES_PER_STATEMENT,
            NOTE_STATEMENTS_IN_FLIGHT,
            DistributionSummary.builder("ledger.withdrawals.payout-notes.batch.size")
                    .description("Notes that the bank was asked, written by one statement")
                    .register(registry.getIfAvailable(SimpleMeterRegistry::new))
                ::record);
  }

  @Override
  public void insertWithdrawal(Withdrawal w) {
    jdbc.sql(
            "INSERT INTO withdrawal ("
                + WITHDRAWAL_COLUMNS
                + ") VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)")
        .params(
            w.id().value(),
            w.accountId().value(),
            w.amount().currency().value(),
            w.amount().amountMinor(),
            w.status().name(),
            uuid(w.settledBy()),
            w.failureReason(),
            SqlTypes.timestamp(w.createdAt()),
            SqlTypes.timestamp(w.updatedAt()),
            w.payee() == null ? null : w.payee().name(),
            w.payee() == null ? null : w.payee().account().scheme().name(),
            w.payee() == null ? null : w.payee().account().value(),
            w.payee() == null ? null : w.payee().bic())
        .update();
  }

  @Override
  public Optional<Withdrawal> findWithdrawal(TransactionId id) {
    return jdbc.sql("SELECT " + WITHDRAWAL_COLUMNS + " FROM withdrawal WHERE id = ?")
        .params(id.value())
        .query(JpaBankFlowRepositoryAdapter::withdrawal)
        .optional();
  }

  @Override
  public List<Withdrawal> lockWithdrawals(SortedSet<TransactionId> ids) {
    return locks.lockInIdOrder(WithdrawalEntity.class, uuids(ids)).stream()
        .map(WithdrawalEntity::toDomain)
        .toList();
  }

  @Override
  public void updateWithdrawal(Withdrawal w) {
    jdbc.sql(
            "UPDATE withdrawal SET status = ?, settled_by = ?, failure_reason = ?, updated_at = ?"
                + " WHERE id = ?")
        .params(
            w.status().name(),
            uuid(w.settledBy()),
            w.failureReason(),
            SqlTypes.timestamp(w.updatedAt()),
            w.id().value())
        .update();
  }

  /**
   * A request's note waits to share a statement, and its commit, with the notes of the requests
   * beside it ({@link CoalescedStatements}); the payout job's, which serve no request, and a note
   * inside a unit of work run alone.
   */
  @Override
  public void markPayoutRequested(TransactionId id, Instant at) {
    Note note = new Note(id, at);
    Optional<Duration> left = CoalescedStatements.timeToWait();
    if (left.isPresent()) {
      notes.run(note, left.get());
    } else {
      noteAll(List.of(note));
    }
  }

  private Map<Note, Void> noteAll(Collection<Note> batch) {
    UUID[] ids = new UUID[batch.size()];
    String[] ats = new String[batch.size()];
    int i = 0;
    for (Note note : batch) {
      ids[i] = note.id().value();
      ats[i++] = note.at().toString();
    }
    jdbc.sql(NOTE_ALL).params(ids, ats).update();
    return Map.of();
  }

  /** Pending withdrawals the bank was never noted as asked about, oldest first. */
  @Override
  public List<Withdrawal> findUnrequestedPayouts(Instant createdBefore, int limit) {
    return jdbc.sql(
            "SELECT "
                + WITHDRAWAL_COLUMNS
                + " FROM withdrawal WHERE status = 'PENDING' AND payout_requested_at IS NULL"
                + " AND created_at < ? ORDER BY created_at LIMIT ?")
        .params(SqlTypes.timestamp(createdBefore), limit)
        .query(JpaBankFlowRepositoryAdapter::withdrawal)
        .list();
  }

  @Override
  public List<Withdrawal> findPayoutsOfAmount(Money amount, Instant from, Instant to, int limit) {
    return jdbc.sql(
            "SELECT "
                + WITHDRAWAL_COLUMNS
                + " FROM withdrawal WHERE status = 'PENDING' AND currency = ? AND amount = ?"
                + " AND payout_requested_at >= ? AND payout_requested_at < ?"
                + " ORDER BY payout_requested_at, id LIMIT ?")
        .params(
            amount.currency().value(),
            amount.amountMinor(),
            SqlTypes.timestamp(from),
            SqlTypes.timestamp(to),
            limit)
        .query(JpaBankFlowRepositoryAdapter::withdrawal)
        .list();
  }

  @Override
  public List<Withdrawal> pendingOldestFirst(PendingPosition after, int limit) {
    // The partial index withdrawal_pending_since (created_at, id) serves both pages.
    String select = "SELECT " + WITHDRAWAL_COLUMNS + " FROM withdrawal WHERE status = 'PENDING'";
    String order = " ORDER BY created_at, id LIMIT ?";
    return after == null
        ? jdbc.sql(select + order)
            .param(limit)
            .query(JpaBankFlowRepositoryAdapter::withdrawal)
            .list()
        : jdbc.sql(select + " AND (created_at, id) > (?, ?)" + order)
            .params(SqlTypes.timestamp(after.at()), after.id().value(), limit)
            .query(JpaBankFlowRepositoryAdapter::withdrawal)
            .list();
  }

  @Override
  public Optional<Instant> oldestPendingSince() {
    return jdbc.sql(
            "SELECT created_at FROM withdrawal WHERE status = 'PENDING'"
                + " ORDER BY created_at LIMIT 1")
        .query((row, n) -> SqlTypes.instant(row, "created_at"))
        .optional();
  }

  @Override
  public Overdue<Withdrawal> pendingSince(Instant before, int limit) {
    long count =
        jdbc.sql("SELECT count(*) FROM withdrawal WHERE status = 'PENDING' AND created_at < ?")
            .param(SqlTypes.timestamp(before))
            .query(Long.class)
            .single();
    List<Withdrawal> oldest =
        count == 0
            ? List.of()
            : jdbc.sql(
                    "SELECT "
                        + WITHDRAWAL_COLUMNS
                        + " FROM withdrawal WHERE status = 'PENDING' AND created_at < ?"
                        + " ORDER BY created_at, id LIMIT ?")
                .params(SqlTypes.timestamp(before), limit)
                .query(JpaBankFlowRepositoryAdapter::withdrawal)
                .list();
    return new Overdue<>(count, oldest);
  }

  @Override
  public void insertHold(Hold h) {
    jdbc.sql("INSERT INTO hold (" + HOLD_COLUMNS + ") VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)")
        .params(
            h.id().value(),
            h.accountId().value(),
            h.destinationAccountId().value(),
            h.amount().currency().value(),
            h.amount().amountMinor(),
            h.capturedAmount().amountMinor(),
            h.status().name(),
            SqlTypes.timestamp(h.expiresAt()),
            uuid(h.settledBy()),
            SqlTypes.timestamp(h.createdAt()),
            SqlTypes.timestamp(h.updatedAt()))
        .update();
  }

  @Override
  public Optional<Hold> findHold(TransactionId id) {
    return jdbc.sql("SELECT " + HOLD_COLUMNS + " FROM hold WHERE id = ?")
        .params(id.value())
        .query(JpaBankFlowRepositoryAdapter::hold)
        .optional();
  }

  @Override
  public List<Hold> lockHolds(SortedSet<TransactionId> ids) {
    return locks.lockInIdOrder(HoldEntity.class, uuids(ids)).stream()
        .map(HoldEntity::toDomain)
        .toList();
  }

  private static List<UUID> uuids(SortedSet<TransactionId> ids) {
    return ids.stream().map(TransactionId::value).toList();
  }

  @Override
  public void updateHold(Hold h) {
    jdbc.sql(
            "UPDATE hold SET status = ?, captured_amount = ?, settled_by = ?, updated_at = ?"
                + " WHERE id = ?")
        .params(
            h.status().name(),
            h.capturedAmount().amountMinor(),
            uuid(h.settledBy()),
            SqlTypes.timestamp(h.updatedAt()),
            h.id().value())
        .update();
  }

  @Override
  public List<Hold> pendingExpiringBefore(Instant before, PendingPosition after, int limit) {
    // The partial index hold_pending_by_expiry serves both pages.
    String select =
        "SELECT " + HOLD_COLUMNS + " FROM hold WHERE status = 'PENDING' AND expires_at < ?";
    String order = " ORDER BY expires_at, id LIMIT ?";
    return after == null
        ? jdbc.sql(select + order)
            .params(SqlTypes.timestamp(before), limit)
            .query(JpaBankFlowRepositoryAdapter::hold)
            .list()
        : jdbc.sql(select + " AND (expires_at, id) > (?, ?)" + order)
            .params(
                SqlTypes.timestamp(before),
                SqlTypes.timestamp(after.at()),
                after.id().value(),
                limit)
            .query(JpaBankFlowRepositoryAdapter::hold)
            .list();
  }

  @Override
  public List<TransactionId> findExpiredPending(Instant now, int limit) {
    return jdbc.sql(
            "SELECT id FROM hold WHERE status = 'PENDING' AND expires_at <= ?"
                + " ORDER BY expires_at LIMIT ?")
        .params(SqlTypes.timestamp(now), limit)
        .query((row, n) -> TransactionId.of(row.getObject("id", UUID.class)))
        .list();
  }

  private static UUID uuid(TransactionId id) {
    return id == null ? null : id.value();
  }

  private static TransactionId transactionId(ResultSet row, String column) throws SQLException {
    UUID id = row.getObject(column, UUID.class);
    return id == null ? null : TransactionId.of(id);
  }

  private static Withdrawal withdrawal(ResultSet row, int rowNum) throws SQLException {
    return new Withdrawal(
        transactionId(row, "id"),
        AccountId.of(row.getLong("account_id")),
        Money.of(row.getLong("amount"), CurrencyCode.of(row.getString("currency"))),
        WithdrawalStatus.valueOf(row.getString("status")),
        transactionId(row, "settled_by"),
        row.getString("failure_reason"),
        SqlTypes.instant(row, "created_at"),
        SqlTypes.instant(row, "updated_at"),
        PayeeColumns.payee(
            row.getString("payee_name"),
            row.getString("payee_scheme"),
            row.getString("payee_account"),
            row.getString("payee_bic")));
  }

  private static Hold hold(ResultSet row, int rowNum) throws SQLException {
    CurrencyCode currency = CurrencyCode.of(row.getString("currency"));
    return new Hold(
        transactionId(row, "id"),
        AccountId.of(row.getLong("account_id")),
        AccountId.of(row.getLong("destination_account_id")),
        Money.of(row.getLong("amount"), currency),
        Money.of(row.getLong("captured_amount"), currency),
        HoldStatus.valueOf(row.getString("status")),
        SqlTypes.instant(row, "expires_at"),
        transactionId(row, "settled_by"),
        SqlTypes.instant(row, "created_at"),
        SqlTypes.instant(row, "updated_at"));
  }
}
