package dev.ewallet.ledger.adapter.persistence.reads;

import dev.ewallet.ledger.adapter.persistence.AccountRows;
import dev.ewallet.ledger.adapter.persistence.EntryRows;
import dev.ewallet.ledger.adapter.persistence.SqlTypes;
import dev.ewallet.ledger.adapter.persistence.replica.ReplicaReads;
import dev.ewallet.ledger.domain.account.Account;
import dev.ewallet.ledger.domain.account.AccountId;
import dev.ewallet.ledger.domain.account.EntryHash;
import dev.ewallet.ledger.domain.journal.LedgerEntry;
import dev.ewallet.ledger.domain.money.CurrencyCode;
import dev.ewallet.ledger.domain.money.Money;
import dev.ewallet.ledger.domain.port.in.BalanceAt;
import dev.ewallet.ledger.domain.port.in.Statement;
import dev.ewallet.ledger.domain.port.out.AccountReads.PeriodTotals;
import dev.ewallet.ledger.domain.port.out.AccountReads.Snapshot;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;
import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * The reads of an account over time, for balances at an instant and statements: each one statement
 * of index ranges over the account and its shards, on whichever database the caller chose (the
 * replica or the primary, {@link ReplicaReads}). Holds no state.
 */
final class PeriodReads {

  /**
   * Each of the account's accounts (itself, and its shards for a merchant): its last entry at or
   * before the instant, by one backward range of the entries' key, and whether it has none there
   * but archived ones.
   */
  private static final String BALANCE_AT =
      "SELECT "
          + AccountRows.COLUMNS
          + ", b.balance_at, b.last_entry_id, b.archived FROM account a CROSS JOIN LATERAL ("
          + "  SELECT coalesce(sum(e.balance_after), 0)::bigint AS balance_at,"
          + "   (array_agg(e.id ORDER BY e.created_at DESC, e.id DESC)"
          + "     FILTER (WHERE e.id IS NOT NULL))[1] AS last_entry_id,"
          + "   coalesce(bool_or(e.id IS NULL AND EXISTS (SELECT 1 FROM ledger_entry_archived r"
          + "     WHERE r.account_id = x.id)), false) AS archived"
          + "  FROM ("
          + AccountRows.WITH_SHARDS
          + ") x LEFT JOIN LATERAL ("
          + "   SELECT e.id, e.balance_after, e.created_at FROM ledger_entry e"
          + "   WHERE e.account_id = x.id AND e.created_at <= ?"
          + "   ORDER BY e.created_at DESC, e.id DESC LIMIT 1) e ON true) b"
          + " WHERE a.id = ?";

  /**
   * A period's totals: per account (itself, and its shards for a merchant), the balance after its
   * last entry before the period (one backward range) and the sums and count of its entries in the
   * period (one forward range).
   */
  private static final String PERIOD_TOTALS =
      "SELECT "
          + AccountRows.COLUMNS
          + ", t.opening, t.credits, t.debits, t.entries, t.archived, t.chains,"
          + " encode(t.opening_hash, 'hex') AS opening_hash,"
          + " encode(t.closing_hash, 'hex') AS closing_hash"
          + " FROM account a CROSS JOIN LATERAL ("
          + "  SELECT coalesce(sum(o.balance_after), 0)::bigint AS opening,"
          + "   count(*) AS chains, (array_agg(o.hash))[1] AS opening_hash,"
          + "   (array_agg(c.hash))[1] AS closing_hash,"
          + "   coalesce(sum(p.credits), 0)::bigint AS credits,"
          + "   coalesce(sum(p.debits), 0)::bigint AS debits,"
          + "   coalesce(sum(p.entries), 0)::bigint AS entries,"
          + "   coalesce(bool_or(o.balance_after IS NULL AND EXISTS (SELECT 1"
          + "     FROM ledger_entry_archived r WHERE r.account_id = x.id)), false) AS archived"
          + "  FROM ("
          + AccountRows.WITH_SHARDS
          + ") x LEFT JOIN LATERAL ("
          + "   SELECT e.balance_after, e.hash FROM ledger_entry e"
          + "   WHERE e.account_id = x.id AND e.created_at < ?"
          + "   ORDER BY e.created_at DESC, e.id DESC LIMIT 1) o ON true"
          + "  LEFT JOIN LATERAL ("
          + "   SELECT e.hash FROM ledger_entry e"
          + "   WHERE e.account_id = x.id AND e.created_at < ?"
          + "   ORDER BY e.created_at DESC, e.id DESC LIMIT 1) c ON true"
          + "  CROSS JOIN LATERAL ("
          + "   SELECT sum(e.amount) FILTER (WHERE e.amount > 0) AS credits,"
          + "    -sum(e.amount) FILTER (WHERE e.amount < 0) AS debits, count(*) AS entries"
          + "   FROM ledger_entry e"
          + "   WHERE e.account_id = x.id AND e.created_at >= ? AND e.created_at < ?) p) t"
          + " WHERE a.id = ?";

  /** The account and its shards, with their currency. */
  private static final String PERIOD_ACCOUNTS =
      "SELECT id, currency FROM account WHERE id = ?"
          + " UNION ALL SELECT id, currency FROM account WHERE parent_id = ?";

  /** One account's entries of a period, oldest first: one forward range of the entries' key. */
  private static final String PERIOD_ENTRIES =
      "SELECT "
          + EntryRows.COLUMNS
          + " FROM ledger_entry e JOIN journal_transaction t ON t.id = e.transaction_id"
          + " WHERE e.account_id = ? AND e.created_at >= ? AND e.created_at < ?"
          + " ORDER BY e.created_at, e.id";

  /** Several accounts' entries of a period (a merchant's and its shards'), merged oldest first. */
  private static final String PERIOD_ENTRIES_MERGED =
      "SELECT "
          + EntryRows.COLUMNS
          + " FROM unnest(?::bigint[]) x(id) CROSS JOIN LATERAL ("
          + "  SELECT * FROM ledger_entry e WHERE e.account_id = x.id"
          + "  AND e.created_at >= ? AND e.created_at < ?) e"
          + " JOIN journal_transaction t ON t.id = e.transaction_id"
          + " ORDER BY e.created_at, e.id";

  /** Rows fetched per round trip while a period's entries stream. */
  private static final int STREAM_FETCH_SIZE = 1_000;

  private PeriodReads() {}

  /** The account's balance at {@code at}, with whether older entries were archived. */
  static Optional<Snapshot> balanceAt(JdbcClient db, AccountId id, Instant at) {
    return db.sql(BALANCE_AT)
        .params(SqlTypes.timestamp(at), id.value())
        .query((row, n) -> {
          Account account = AccountRows.account(row);
          return new Snapshot(
              new BalanceAt(
                  account,
                  at,
                  Money.of(row.getLong("balance_at"), account.currency()),
                  row.getObject("last_entry_id", Long.class)),
              row.getBoolean("archived"));
        })
        .optional();
  }

  /** A period's opening balance, credits, debits, entry count and chain ends. */
  static Optional<PeriodTotals> periodTotals(
      JdbcClient db, AccountId id, Instant from, Instant to) {
    OffsetDateTime start = SqlTypes.timestamp(from);
    OffsetDateTime end = SqlTypes.timestamp(to);
    return db.sql(PERIOD_TOTALS)
        .params(start, end, start, end, id.value())
        .query((row, n) -> {
          Account account = AccountRows.account(row);
          CurrencyCode currency = account.currency();
          boolean oneChain = row.getLong("chains") == 1;
          return new PeriodTotals(
              new Statement(
                  account,
                  from,
                  to,
                  Money.of(row.getLong("opening"), currency),
                  Money.of(row.getLong("credits"), currency),
                  Money.of(row.getLong("debits"), currency),
                  row.getLong("entries"),
                  oneChain ? chainEnd(row.getString("opening_hash")) : null,
                  oneChain ? chainEnd(row.getString("closing_hash")) : null,
                  List.of()),
              row.getBoolean("archived"));
        })
        .optional();
  }

  /** The hash of the entry found, or the chain's start when there is none before the instant. */
  private static EntryHash chainEnd(String hex) {
    return hex == null ? EntryHash.GENESIS : new EntryHash(hex);
  }

  /** The period's entries of the account and its shards, oldest first, one at a time. */
  static void stream(
      Connection connection, AccountId id, Instant from, Instant to, Consumer<LedgerEntry> sink)
      throws SQLException {
    List<Long> ids = new ArrayList<>();
    Map<Long, CurrencyCode> currencies = new HashMap<>();
    try (PreparedStatement accounts = connection.prepareStatement(PERIOD_ACCOUNTS)) {
      accounts.setLong(1, id.value());
      accounts.setLong(2, id.value());
      try (ResultSet rows = accounts.executeQuery()) {
        while (rows.next()) {
          ids.add(rows.getLong("id"));
          currencies.put(rows.getLong("id"), CurrencyCode.of(rows.getString("currency").strip()));
        }
      }
    }
    if (ids.isEmpty()) {
      return;
    }
    boolean merged = ids.size() > 1;
    try (PreparedStatement entries =
        connection.prepareStatement(merged ? PERIOD_ENTRIES_MERGED : PERIOD_ENTRIES)) {
      if (merged) {
        entries.setArray(1, connection.createArrayOf("bigint", ids.toArray()));
      } else {
        entries.setLong(1, id.value());
      }
      entries.setObject(2, SqlTypes.timestamp(from));
      entries.setObject(3, SqlTypes.timestamp(to));
      entries.setFetchSize(STREAM_FETCH_SIZE);
      try (ResultSet rows = entries.executeQuery()) {
        while (rows.next()) {
          sink.accept(EntryRows.entry(rows, currencies.get(rows.getLong("entry_account_id"))));
        }
      }
    }
  }
}
