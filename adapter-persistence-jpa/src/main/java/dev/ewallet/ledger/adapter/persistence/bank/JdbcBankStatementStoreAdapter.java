package dev.ewallet.ledger.adapter.persistence.bank;

import dev.ewallet.ledger.adapter.persistence.SqlTypes;
import dev.ewallet.ledger.domain.bank.BankStatement;
import dev.ewallet.ledger.domain.bank.CreditDebit;
import dev.ewallet.ledger.domain.bank.LineResolution;
import dev.ewallet.ledger.domain.bank.LineStatus;
import dev.ewallet.ledger.domain.bank.Overdue;
import dev.ewallet.ledger.domain.bank.ReceivedFile;
import dev.ewallet.ledger.domain.bank.StatementLine;
import dev.ewallet.ledger.domain.bank.StoredLine;
import dev.ewallet.ledger.domain.bank.StoredStatement;
import dev.ewallet.ledger.domain.bankflow.BankAccountNumber;
import dev.ewallet.ledger.domain.journal.TransactionId;
import dev.ewallet.ledger.domain.money.CurrencyCode;
import dev.ewallet.ledger.domain.money.Money;
import dev.ewallet.ledger.domain.port.out.BankStatementStore;
import dev.ewallet.ledger.domain.port.out.TransientConflictException;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import java.util.function.Function;
import org.springframework.dao.DuplicateKeyException;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

/**
 * The bank's files, statements and lines in PostgreSQL ({@code bank_file}, {@code bank_statement},
 * {@code bank_statement_line}, {@code bank_line_resolution}; changelog 017): a statement's lines
 * are one multi-row insert (arrays unnested server-side), and a line's status is whether a
 * resolution row exists.
 */
@Repository
class JdbcBankStatementStoreAdapter implements BankStatementStore {

  private static final String LINE_COLUMNS =
      "l.id, l.line_no, l.bank_reference, l.direction, l.amount, l.booking_date, l.value_date,"
          + " l.end_to_end_id, l.remittance, l.returned, l.return_reason, s.message_id,"
          + " s.statement_id, s.account_scheme, s.account_number, s.currency, r.status,"
          + " r.withdrawal_id, r.pending_deposit_id, r.transaction_id, r.rule, r.reason, r.decided_by, r.decided_at";

  private static final String LINES_FROM =
      " FROM bank_statement_line l JOIN bank_statement s ON s.id = l.statement_id"
          + " LEFT JOIN bank_line_resolution r ON r.line_id = l.id";

  private static final String INSERT_LINES =
      "INSERT INTO bank_statement_line (statement_id, line_no, bank_reference, direction, amount,"
          + " booking_date, value_date, end_to_end_id, remittance, returned, return_reason)"
          + " SELECT ?, v.line_no::integer, v.bank_reference, v.direction, v.amount::bigint,"
          + " v.booking_date::date, v.value_date::date, v.end_to_end_id, v.remittance,"
          + " v.returned::boolean, v.return_reason"
          + " FROM unnest(?::text[], ?::text[], ?::text[], ?::text[], ?::text[], ?::text[],"
          + " ?::text[], ?::text[], ?::text[], ?::text[]) AS v(line_no, bank_reference, direction,"
          + " amount, booking_date, value_date, end_to_end_id, remittance, returned, return_reason)"
          + " ORDER BY v.line_no::integer";

  private final JdbcClient jdbc;

  private record StatementRow(long id, String fingerprint) {}

  JdbcBankStatementStoreAdapter(JdbcClient jdbc) {
    this.jdbc = jdbc;
  }

  @Override
  public Optional<StoredStatement> find(
      BankAccountNumber account, String messageId, String statementId) {
    return jdbc.sql(
            "SELECT id, fingerprint FROM bank_statement"
                + " WHERE account_number = ? AND message_id = ? AND statement_id = ?")
        .params(account.value(), messageId, statementId)
        .query((row, n) -> new StatementRow(row.getLong("id"), row.getString("fingerprint")))
        .optional()
        .map(found -> new StoredStatement(found.id(), found.fingerprint(), linesOf(found.id())));
  }

  @Override
  public List<StoredStatement> store(ReceivedFile file, List<BankStatement> statements) {
    long fileId =
        jdbc.sql(
                "INSERT INTO bank_file (sha256, content, media_type, received_at, received_by)"
                    + " VALUES (?, ?, ?, ?, ?) RETURNING id")
            .params(
                sha256(file.content()),
                file.content(),
                file.mediaType(),
                SqlTypes.timestamp(file.receivedAt()),
                file.receivedBy())
            .query(Long.class)
            .single();
    List<StoredStatement> stored = new ArrayList<>();
    for (BankStatement statement : statements) {
      long id = insertStatement(fileId, statement);
      if (!statement.lines().isEmpty()) {
        List<StatementLine> lines = statement.lines();
        jdbc.sql(INSERT_LINES)
            .params(
                id,
                column(lines, StatementLine::number),
                column(lines, StatementLine::bankReference),
                column(lines, StatementLine::direction),
                column(lines, line -> line.amount().amountMinor()),
                column(lines, StatementLine::bookingDate),
                column(lines, StatementLine::valueDate),
                column(lines, StatementLine::endToEndId),
                column(lines, StatementLine::remittance),
                column(lines, StatementLine::returned),
                column(lines, StatementLine::returnReason))
            .update();
      }
      stored.add(new StoredStatement(id, statement.fingerprint(), linesOf(id)));
    }
    return stored;
  }

  /**
   * The statement's row. Ids imported at the same moment by another import (the unique key) are a
   * transient conflict: run again, the import finds the statement stored.
   */
  private long insertStatement(long fileId, BankStatement statement) {
    try {
      return jdbc.sql(
              "INSERT INTO bank_statement (file_id, account_scheme, account_number, message_id,"
                  + " statement_id, kind, currency, opening_balance, closing_balance,"
                  + " fingerprint) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id")
          .params(
              fileId,
              statement.account().scheme().name(),
              statement.account().value(),
              statement.messageId(),
              statement.statementId(),
              statement.kind().name(),
              statement.currency().value(),
              minor(statement.openingBalance()),
              minor(statement.closingBalance()),
              statement.fingerprint())
          .query(Long.class)
          .single();
    } catch (DuplicateKeyException concurrently) {
      throw new TransientConflictException(
          "statement " + statement.statementId() + " was stored by a concurrent import",
          concurrently);
    }
  }

  @Override
  public boolean resolve(long lineId, LineResolution resolution) {
    return jdbc.sql(
                "INSERT INTO bank_line_resolution (line_id, status, withdrawal_id,"
                    + " pending_deposit_id, transaction_id, rule, reason, decided_by, decided_at)"
                    + " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)"
                    + " ON CONFLICT (line_id) DO NOTHING")
            .params(
                lineId,
                resolution.status().name(),
                uuid(resolution.withdrawalId()),
                uuid(resolution.depositId()),
                uuid(resolution.transactionId()),
                resolution.rule(),
                resolution.reason(),
                resolution.decidedBy(),
                SqlTypes.timestamp(resolution.decidedAt()))
            .update()
        == 1;
  }

  @Override
  public Optional<StoredLine> line(long lineId) {
    return jdbc.sql("SELECT " + LINE_COLUMNS + LINES_FROM + " WHERE l.id = ?")
        .param(lineId)
        .query((row, n) -> line(row))
        .optional();
  }

  @Override
  public List<StoredLine> lines(LineStatus status, Long beforeId, int limit) {
    StringBuilder sql = new StringBuilder("SELECT " + LINE_COLUMNS + LINES_FROM + " WHERE true");
    List<Object> params = new ArrayList<>();
    if (status == LineStatus.UNMATCHED) {
      sql.append(" AND r.line_id IS NULL");
    } else if (status != null) {
      sql.append(" AND r.status = ?");
      params.add(status.name());
    }
    if (beforeId != null) {
      sql.append(" AND l.id < ?");
      params.add(beforeId);
    }
    sql.append(" ORDER BY l.id DESC LIMIT ?");
    params.add(limit);
    return jdbc.sql(sql.toString()).params(params).query((row, n) -> line(row)).list();
  }

  @Override
  public Overdue<StoredLine> unmatchedBookedBefore(LocalDate day, int limit) {
    String unmatched = LINES_FROM + " WHERE r.line_id IS NULL AND l.booking_date < ?";
    long count = jdbc.sql("SELECT count(*)" + unmatched).param(day).query(Long.class).single();
    List<StoredLine> oldest =
        count == 0
            ? List.of()
            : jdbc.sql(
                    "SELECT " + LINE_COLUMNS + unmatched + " ORDER BY l.booking_date, l.id LIMIT ?")
                .params(day, limit)
                .query((row, n) -> line(row))
                .list();
    return new Overdue<>(count, oldest);
  }

  private List<StoredLine> linesOf(long statementId) {
    return jdbc.sql(
            "SELECT " + LINE_COLUMNS + LINES_FROM + " WHERE l.statement_id = ? ORDER BY l.line_no")
        .param(statementId)
        .query((row, n) -> line(row))
        .list();
  }

  private static StoredLine line(ResultSet row) throws SQLException {
    CurrencyCode currency = CurrencyCode.of(row.getString("currency"));
    StatementLine line =
        new StatementLine(
            row.getInt("line_no"),
            row.getString("bank_reference"),
            CreditDebit.valueOf(row.getString("direction")),
            Money.of(row.getLong("amount"), currency),
            row.getObject("booking_date", LocalDate.class),
            row.getObject("value_date", LocalDate.class),
            row.getString("end_to_end_id"),
            row.getString("remittance"),
            row.getBoolean("returned"),
            row.getString("return_reason"));
    String resolved = row.getString("status");
    LineResolution resolution =
        resolved == null
            ? null
            : new LineResolution(
                LineStatus.valueOf(resolved),
                transaction(row, "withdrawal_id"),
                transaction(row, "pending_deposit_id"),
                transaction(row, "transaction_id"),
                row.getString("rule"),
                row.getString("reason"),
                row.getString("decided_by"),
                SqlTypes.instant(row, "decided_at"));
    return new StoredLine(
        row.getLong("id"),
        row.getString("message_id"),
        row.getString("statement_id"),
        new BankAccountNumber(
            row.getString("account_number"),
            BankAccountNumber.Scheme.valueOf(row.getString("account_scheme"))),
        line,
        resolution);
  }

  private static TransactionId transaction(ResultSet row, String column) throws SQLException {
    UUID id = row.getObject(column, UUID.class);
    return id == null ? null : TransactionId.of(id);
  }

  private static UUID uuid(TransactionId id) {
    return id == null ? null : id.value();
  }

  private static Long minor(Money amount) {
    return amount == null ? null : amount.amountMinor();
  }

  private static String[] column(List<StatementLine> lines, Function<StatementLine, ?> field) {
    return lines.stream()
        .map(field)
        .map(value -> value == null ? null : value.toString())
        .toArray(String[]::new);
  }

  private static byte[] sha256(byte[] content) {
    try {
      return MessageDigest.getInstance("SHA-256").digest(content);
    } catch (NoSuchAlgorithmException impossible) {
      throw new IllegalStateException(impossible);
    }
  }
}
