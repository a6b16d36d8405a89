package dev.ewallet.ledger.adapter.persistence.bank;

import dev.ewallet.ledger.adapter.persistence.PayeeColumns;
import dev.ewallet.ledger.adapter.persistence.SqlTypes;
import dev.ewallet.ledger.domain.bank.Payout;
import dev.ewallet.ledger.domain.bank.PayoutFile;
import dev.ewallet.ledger.domain.bank.PayoutFileSummary;
import dev.ewallet.ledger.domain.journal.TransactionId;
import dev.ewallet.ledger.domain.money.CurrencyCode;
import dev.ewallet.ledger.domain.money.Money;
import dev.ewallet.ledger.domain.port.out.PayoutFileStore;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.time.LocalDate;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

/**
 * Payout files in PostgreSQL ({@code payout_file}, {@code payout_file_item}; changelog 019). A run
 * takes its withdrawals {@code FOR UPDATE SKIP LOCKED}, so two runs at once gather disjoint ones,
 * and a withdrawal filed before is never taken again (the item's primary key is the withdrawal).
 */
@Repository
class JdbcPayoutFileStoreAdapter implements PayoutFileStore {

  private static final String PAYOUT_COLUMNS =
      "w.id, w.currency, w.amount, w.payee_name, w.payee_scheme, w.payee_account, w.payee_bic";

  private final JdbcClient jdbc;

  private record FileRow(CurrencyCode currency, Instant createdAt, LocalDate executionDate) {}

  JdbcPayoutFileStoreAdapter(JdbcClient jdbc) {
    this.jdbc = jdbc;
  }

  @Override
  public Optional<PayoutFile> createFile(
      String fileId,
      CurrencyCode currency,
      Instant createdAt,
      LocalDate executionDate,
      int maxPayouts) {
    List<Payout> payouts =
        jdbc.sql(
                "SELECT "
                    + PAYOUT_COLUMNS
                    + " FROM withdrawal w WHERE w.status = 'PENDING' AND w.currency = ?"
                    + " AND w.payee_name IS NOT NULL"
                    + " AND NOT EXISTS (SELECT 1 FROM payout_file_item i"
                    + " WHERE i.withdrawal_id = w.id)"
                    + " ORDER BY w.created_at, w.id LIMIT ? FOR UPDATE SKIP LOCKED")
            .params(currency.value(), maxPayouts)
            .query((row, n) -> payout(row))
            .list();
    if (payouts.isEmpty()) {
      return Optional.empty();
    }
    PayoutFile file = new PayoutFile(fileId, currency, createdAt, executionDate, payouts);
    jdbc.sql(
            "INSERT INTO payout_file (id, currency, created_at, execution_date, payouts, total)"
                + " VALUES (?, ?, ?, ?, ?, ?)")
        .params(
            fileId,
            currency.value(),
            SqlTypes.timestamp(createdAt),
            executionDate,
            payouts.size(),
            file.total().amountMinor())
        .update();
    jdbc.sql(
            "INSERT INTO payout_file_item (withdrawal_id, file_id, position)"
                + " SELECT w.id, ?, w.n FROM unnest(?::uuid[]) WITH ORDINALITY AS w(id, n)")
        .params(fileId, payouts.stream().map(p -> p.withdrawalId().value()).toArray(UUID[]::new))
        .update();
    return Optional.of(file);
  }

  @Override
  public Optional<PayoutFile> find(String fileId) {
    Optional<FileRow> file =
        jdbc.sql("SELECT currency, created_at, execution_date FROM payout_file WHERE id = ?")
            .param(fileId)
            .query((row, n) ->
                new FileRow(
                    CurrencyCode.of(row.getString("currency")),
                    SqlTypes.instant(row, "created_at"),
                    row.getObject("execution_date", LocalDate.class)))
            .optional();
    return file.map(found ->
        new PayoutFile(
            fileId,
            found.currency(),
            found.createdAt(),
            found.executionDate(),
            jdbc.sql(
                    "SELECT "
                        + PAYOUT_COLUMNS
                        + " FROM payout_file_item i JOIN withdrawal w"
                        + " ON w.id = i.withdrawal_id WHERE i.file_id = ? ORDER BY i.position")
                .param(fileId)
                .query((row, n) -> payout(row))
                .list()));
  }

  @Override
  public List<PayoutFileSummary> list(CurrencyCode currency, String afterId, int limit) {
    return jdbc.sql(
            "SELECT f.id, f.currency, f.created_at, f.execution_date, f.payouts, f.total"
                + " FROM payout_file f"
                + " WHERE (?::char(3) IS NULL OR f.currency = ?::char(3))"
                + " AND (?::varchar IS NULL OR (f.created_at, f.id) < (SELECT a.created_at, a.id"
                + "  FROM payout_file a WHERE a.id = ?::varchar))"
                + " ORDER BY f.created_at DESC, f.id DESC LIMIT ?")
        .params(
            currency == null ? null : currency.value(),
            currency == null ? null : currency.value(),
            afterId,
            afterId,
            limit)
        .query((row, n) -> {
          CurrencyCode of = CurrencyCode.of(row.getString("currency"));
          return new PayoutFileSummary(
              row.getString("id"),
              of,
              SqlTypes.instant(row, "created_at"),
              row.getObject("execution_date", LocalDate.class),
              row.getInt("payouts"),
              Money.of(row.getLong("total"), of));
        })
        .list();
  }

  private static Payout payout(ResultSet row) throws SQLException {
    return new Payout(
        TransactionId.of(row.getObject("id", UUID.class)),
        Money.of(row.getLong("amount"), CurrencyCode.of(row.getString("currency"))),
        PayeeColumns.payee(
            row.getString("payee_name"),
            row.getString("payee_scheme"),
            row.getString("payee_account"),
            row.getString("payee_bic")));
  }
}
