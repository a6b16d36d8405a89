package dev.ewallet.ledger.adapter.persistence.posting;

import dev.ewallet.ledger.adapter.persistence.MetadataJson;
import dev.ewallet.ledger.adapter.persistence.SqlTypes;
import dev.ewallet.ledger.domain.account.AccountId;
import dev.ewallet.ledger.domain.bankflow.AnnouncedDeposit;
import dev.ewallet.ledger.domain.bankflow.PendingDeposit;
import dev.ewallet.ledger.domain.bankflow.PendingDepositStatus;
import dev.ewallet.ledger.domain.error.DuplicateReferenceException;
import dev.ewallet.ledger.domain.error.IdempotencyKeyReusedException;
import dev.ewallet.ledger.domain.error.PendingDepositNotFoundException;
import dev.ewallet.ledger.domain.journal.IdempotencyKey;
import dev.ewallet.ledger.domain.journal.RequestFingerprint;
import dev.ewallet.ledger.domain.journal.TransactionId;
import dev.ewallet.ledger.domain.money.CurrencyCode;
import dev.ewallet.ledger.domain.money.Money;
import dev.ewallet.ledger.domain.port.out.PendingDepositRepository;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.SortedSet;
import java.util.UUID;
import org.springframework.dao.DuplicateKeyException;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

/**
 * Pending deposits in PostgreSQL ({@code pending_deposit}), in plain SQL. The posting path locks
 * the rows it settles with {@code FOR NO KEY UPDATE} after the accounts, in id order, as it locks
 * withdrawals and holds; a failure locks its one row alone. An announcement is one statement:
 * {@code ON CONFLICT} on the idempotency key finds an earlier one, and the unique index on a
 * waiting reference refuses a second.
 */
@Repository
class JdbcPendingDepositRepositoryAdapter implements PendingDepositRepository {

  private static final String COLUMNS =
      "id, account_id, currency, amount, reference, description, metadata::text AS metadata,"
          + " status, settled_by, failure_reason, failure_key, created_at, updated_at";

  private static final String REFERENCE_WAITS_ONCE = "pending_deposit_reference_waits_once";

  private final JdbcClient jdbc;

  JdbcPendingDepositRepositoryAdapter(JdbcClient jdbc) {
    this.jdbc = jdbc;
  }

  @Override
  public AnnouncedDeposit announce(
      PendingDeposit deposit,
      long principalId,
      IdempotencyKey key,
      RequestFingerprint fingerprint) {
    List<UUID> inserted;
    try {
      inserted =
          jdbc.sql(
                  "INSERT INTO pending_deposit (id, account_id, currency, amount, reference,"
                      + " description, metadata, status, principal_id, idempotency_key,"
                      + " fingerprint, created_at, updated_at)"
                      + " VALUES (?, ?, ?, ?, ?, ?, ?::jsonb, 'PENDING', ?, ?, ?, ?, ?)"
                      + " ON CONFLICT (principal_id, idempotency_key) DO NOTHING RETURNING id")
              .params(
                  deposit.id().value(),
                  deposit.accountId().value(),
                  deposit.amount().currency().value(),
                  deposit.amount().amountMinor(),
                  deposit.details().reference(),
                  deposit.details().description(),
                  MetadataJson.write(deposit.details()),
                  principalId,
                  key.value(),
                  fingerprint.sha256Hex(),
                  SqlTypes.timestamp(deposit.createdAt()),
                  SqlTypes.timestamp(deposit.updatedAt()))
              .query(UUID.class)
              .list();
    } catch (DuplicateKeyException duplicate) {
      if (UniqueViolations.violates(duplicate, REFERENCE_WAITS_ONCE)) {
        throw DuplicateReferenceException.pending(
            deposit.amount().currency().value(), deposit.details().reference());
      }
      throw duplicate;
    }
    if (!inserted.isEmpty()) {
      return new AnnouncedDeposit(deposit, false);
    }
    record Earlier(PendingDeposit deposit, String fingerprint) {}
    Earlier earlier =
        jdbc.sql(
                "SELECT "
                    + COLUMNS
                    + ", fingerprint FROM pending_deposit"
                    + " WHERE principal_id = ? AND idempotency_key = ?")
            .params(principalId, key.value())
            .query((row, n) -> new Earlier(pendingDeposit(row, n), row.getString("fingerprint")))
            .single();
    if (!earlier.fingerprint().equals(fingerprint.sha256Hex())) {
      throw new IdempotencyKeyReusedException(key.value());
    }
    return new AnnouncedDeposit(earlier.deposit(), true);
  }

  @Override
  public Optional<PendingDeposit> announcedUnder(long principalId, IdempotencyKey key) {
    return jdbc.sql(
            "SELECT "
                + COLUMNS
                + " FROM pending_deposit WHERE principal_id = ? AND idempotency_key = ?")
        .params(principalId, key.value())
        .query(JdbcPendingDepositRepositoryAdapter::pendingDeposit)
        .optional();
  }

  @Override
  public Optional<PendingDeposit> findPendingDeposit(TransactionId id) {
    return jdbc.sql("SELECT " + COLUMNS + " FROM pending_deposit WHERE id = ?")
        .param(id.value())
        .query(JdbcPendingDepositRepositoryAdapter::pendingDeposit)
        .optional();
  }

  @Override
  public Optional<PendingDeposit> findByReference(CurrencyCode currency, String reference) {
    return jdbc.sql(
            "SELECT "
                + COLUMNS
                + " FROM pending_deposit WHERE currency = ? AND reference = ?"
                + " AND status IN ('PENDING', 'SETTLED')"
                + " ORDER BY status = 'PENDING' DESC, updated_at DESC LIMIT 1")
        .params(currency.value(), reference)
        .query(JdbcPendingDepositRepositoryAdapter::pendingDeposit)
        .optional();
  }

  @Override
  public List<PendingDeposit> findPendingOfAmount(
      Money amount, Instant from, Instant to, int limit) {
    return jdbc.sql(
            "SELECT "
                + COLUMNS
                + " FROM pending_deposit WHERE status = 'PENDING' AND currency = ? AND amount = ?"
                + " AND created_at >= ? AND created_at < ? ORDER BY created_at, id LIMIT ?")
        .params(
            amount.currency().value(),
            amount.amountMinor(),
            SqlTypes.timestamp(from),
            SqlTypes.timestamp(to),
            limit)
        .query(JdbcPendingDepositRepositoryAdapter::pendingDeposit)
        .list();
  }

  @Override
  public List<PendingDeposit> lockPendingDeposits(SortedSet<TransactionId> ids) {
    return jdbc.sql(
            "SELECT "
                + COLUMNS
                + " FROM pending_deposit WHERE id = ANY(?) ORDER BY id FOR NO KEY UPDATE")
        .param(ids.stream().map(TransactionId::value).toArray(UUID[]::new))
        .query(JdbcPendingDepositRepositoryAdapter::pendingDeposit)
        .list();
  }

  @Override
  public void updatePendingDeposit(PendingDeposit deposit) {
    update(deposit, null);
  }

  @Override
  public PendingDeposit fail(
      TransactionId id, String reason, long principalId, IdempotencyKey key, Instant at) {
    record Locked(PendingDeposit deposit, String failureKey) {}
    Locked locked =
        jdbc.sql("SELECT " + COLUMNS + " FROM pending_deposit WHERE id = ? FOR NO KEY UPDATE")
            .param(id.value())
            .query((row, n) -> new Locked(pendingDeposit(row, n), row.getString("failure_key")))
            .optional()
            .orElseThrow(() -> new PendingDepositNotFoundException(id.toString()));
    String failureKey = principalId + ":" + key.value();
    if (locked.deposit().status() == PendingDepositStatus.FAILED
        && failureKey.equals(locked.failureKey())) {
      return locked.deposit();
    }
    PendingDeposit failed = locked.deposit().fail(reason, at);
    update(failed, failureKey);
    return failed;
  }

  private void update(PendingDeposit deposit, String failureKey) {
    jdbc.sql(
            "UPDATE pending_deposit SET status = ?, settled_by = ?, failure_reason = ?,"
                + " failure_key = coalesce(?, failure_key), updated_at = ? WHERE id = ?")
        .params(
            deposit.status().name(),
            deposit.settledBy() == null ? null : deposit.settledBy().value(),
            deposit.failureReason(),
            failureKey,
            SqlTypes.timestamp(deposit.updatedAt()),
            deposit.id().value())
        .update();
  }

  private static PendingDeposit pendingDeposit(ResultSet row, int rowNum) throws SQLException {
    CurrencyCode currency = CurrencyCode.of(row.getString("currency").trim());
    UUID settledBy = row.getObject("settled_by", UUID.class);
    return new PendingDeposit(
        TransactionId.of(row.getObject("id", UUID.class)),
        AccountId.of(row.getLong("account_id")),
        Money.of(row.getLong("amount"), currency),
        MetadataJson.details(
            row.getString("reference"), row.getString("description"), row.getString("metadata")),
        PendingDepositStatus.valueOf(row.getString("status")),
        settledBy == null ? null : TransactionId.of(settledBy),
        row.getString("failure_reason"),
        SqlTypes.instant(row, "created_at"),
        SqlTypes.instant(row, "updated_at"));
  }
}
