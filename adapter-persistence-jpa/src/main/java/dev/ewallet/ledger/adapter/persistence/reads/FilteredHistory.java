package dev.ewallet.ledger.adapter.persistence.reads;

import dev.ewallet.ledger.adapter.persistence.AccountRows;
import dev.ewallet.ledger.adapter.persistence.EntryRows;
import dev.ewallet.ledger.adapter.persistence.SqlTypes;
import dev.ewallet.ledger.domain.account.Account;
import dev.ewallet.ledger.domain.account.AccountId;
import dev.ewallet.ledger.domain.journal.EntryDirection;
import dev.ewallet.ledger.domain.journal.HistoryFilter;
import dev.ewallet.ledger.domain.journal.HistoryPosition;
import dev.ewallet.ledger.domain.journal.LedgerEntry;
import dev.ewallet.ledger.domain.port.out.AccountHistory;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Optional;
import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * A filtered page of an account's history (docs/statements.md, "History filters"), read so that
 * every condition keeps to an index range and every page does bounded work:
 *
 * <ul>
 *   <li>{@code from}, {@code to} and the cursor bound the entries' key {@code (account_id,
 *       created_at, id)}, which also prunes the monthly partitions;
 *   <li>a type or a direction picks the entry kinds it means, and each kind of each account (a
 *       merchant's shards too) is one backward range of {@code (account_id, kind, created_at, id)};
 *       PostgreSQL merges the ranges newest first and reads each only as far as the page needs;
 *   <li>a reference that few transactions carry ({@link Limits#referencedAtMost()}) is looked up by
 *       its own index, then its entries on the account by theirs;
 *   <li>amounts, and a reference carried more widely, are checked on the entries the ranges yield,
 *       at most {@link Limits#examinedPerPage()} per page: when that many were examined before the
 *       page filled, the page ends short and says where the next one resumes.
 * </ul>
 *
 * <p>Why this file is longer than the project's 300 lines: each filter's condition is written into
 * one statement whose ranges, lookups and page bound depend on which other filters are given; the
 * statement is correct (every matching entry once, in order, across pages) only as a whole, so its
 * parts are kept where they can be read together with the rules above.
 */
final class FilteredHistory {

  /**
   * @param examinedPerPage the most entries a page examines for the conditions no index range
   *     serves
   * @param referencedAtMost a reference carried by at most this many transactions is looked up by
   *     its index
   */
  record Limits(int examinedPerPage, int referencedAtMost) {

    /** What the service runs with (docs/statements.md, "History filters"). */
    static final Limits DEFAULT = new Limits(2_000, 1_000);

    Limits {
      if (examinedPerPage < 1 || referencedAtMost < 0) {
        throw new IllegalArgumentException(
            "history limits out of range: " + examinedPerPage + ", " + referencedAtMost);
      }
    }
  }

  /**
   * The account, its shards when it is a merchant or a system account, and the entry kinds a type
   * and a direction mean: a type's code times two, plus one for debits ({@code
   * 013-entry-kind.sql}).
   */
  private static final String HEAD =
      "SELECT "
          + AccountRows.COLUMNS
          + ", ARRAY(SELECT s.id FROM account s WHERE "
          + AccountRows.MAY_HAVE_SHARDS
          + " AND s.parent_id = a.id ORDER BY s.id) AS shards,"
          + " ARRAY(SELECT c.code * 2 + d.debit FROM transaction_type_code c"
          + "   CROSS JOIN (VALUES (0), (1)) d(debit)"
          + "   WHERE (?::text IS NULL OR c.type = ?::text) AND (?::int IS NULL OR d.debit = ?::int)"
          + "   ORDER BY 1) AS kinds"
          + " FROM account a WHERE a.id = ?";

  private static final String REFERENCE_USES =
      "SELECT count(*) FROM (SELECT 1 FROM journal_transaction t WHERE t.reference = ? LIMIT ?) r";

  private static final String ENTRY_COLUMNS =
      "e.id, e.transaction_id, e.account_id, e.amount, e.balance_after, e.created_at, e.hash";

  private static final String NEWEST_FIRST = " ORDER BY created_at DESC, id DESC";

  private final JdbcClient db;
  private final Limits limits;
  private final HistoryFilter filter;
  private final HistoryPosition before;
  private final int limit;

  private FilteredHistory(
      JdbcClient db, Limits limits, HistoryFilter filter, HistoryPosition before, int limit) {
    this.db = db;
    this.limits = limits;
    this.filter = filter;
    this.before = before;
    this.limit = limit;
  }

  /** The page, or empty when there is no such account. */
  static Optional<AccountHistory> page(
      JdbcClient db,
      Limits limits,
      AccountId id,
      HistoryFilter filter,
      HistoryPosition before,
      int limit) {
    return new FilteredHistory(db, limits, filter, before, limit).read(id);
  }

  private Optional<AccountHistory> read(AccountId id) {
    String type = filter.type() == null ? null : filter.type().name();
    Integer debit =
        filter.direction() == null ? null : filter.direction() == EntryDirection.OUT ? 1 : 0;
    return db.sql(HEAD)
        .params(type, type, debit, debit, id.value())
        .query(this::head)
        .optional()
        .map(this::entries);
  }

  private Head head(ResultSet row, int n) throws SQLException {
    Account account = AccountRows.account(row);
    List<Long> accounts = new ArrayList<>();
    accounts.add(account.id().value());
    accounts.addAll(Arrays.asList((Long[]) row.getArray("shards").getArray()));
    boolean byKind = filter.type() != null || filter.direction() != null;
    Integer[] kinds = (Integer[]) row.getArray("kinds").getArray();
    return new Head(account, accounts, byKind ? List.of(kinds) : null);
  }

  /**
   * @param kinds the entry kinds to read, or {@code null} for all of them
   */
  private record Head(Account account, List<Long> accounts, List<Integer> kinds) {}

  private AccountHistory entries(Head head) {
    if (head.kinds() != null && head.kinds().isEmpty()) {
      return new AccountHistory(head.account(), List.of());
    }
    if (filter.reference() != null && rarelyReferenced()) {
      return referenced(head);
    }
    return walked(head);
  }

  private boolean rarelyReferenced() {
    long uses =
        db.sql(REFERENCE_USES)
            .params(filter.reference(), limits.referencedAtMost() + 1)
            .query(Long.class)
            .single();
    return uses <= limits.referencedAtMost();
  }

  /**
   * Every entry on the account of the few transactions that carry the reference: those by the
   * reference's index, then each one's entries by theirs, and only then the account and the other
   * conditions, on those few rows. The {@code LIMIT} on the transactions (no more than were
   * counted) and the {@code OFFSET 0} that keeps each transaction's entries a query of their own
   * hold the plan to that: offered the account as an index condition, a generic plan intersected
   * the transaction's index with every entry of a busy account (tens of milliseconds).
   */
  private AccountHistory referenced(Head head) {
    Sql sql =
        new Sql(
            "SELECT "
                + EntryRows.COLUMNS
                + ", NULL::timestamptz AS cut_at, NULL::bigint AS cut_id"
                + " FROM (SELECT t.id, t.type, t.reference, t.description, t.metadata,"
                + "  t.details_digest, t.details_erased_at"
                + "  FROM journal_transaction t WHERE t.reference = ? LIMIT ?) t"
                + " CROSS JOIN LATERAL (SELECT "
                + ENTRY_COLUMNS
                + ", e.kind FROM ledger_entry e WHERE e.transaction_id = t.id OFFSET 0) e"
                + " WHERE e.account_id = ANY(?::bigint[])",
            filter.reference(),
            limits.referencedAtMost() + 1,
            head.accounts().stream().mapToLong(Long::longValue).toArray());
    if (head.kinds() != null) {
      sql.add(
          " AND e.kind = ANY(?::int[])",
          head.kinds().stream().mapToInt(Integer::intValue).toArray());
    }
    keyBounds(sql, "e");
    amountBounds(sql, "e");
    sql.add(" ORDER BY e.created_at DESC, e.id DESC LIMIT ?", limit);
    return run(head, sql);
  }

  /**
   * Each kind of each account is a backward range of an index, read newest first and cut by its own
   * {@code LIMIT}, so that PostgreSQL reads each range only as far as that, whatever it estimates
   * of its length; the ranges' rows are then merged newest first. Without a remaining condition
   * each range needs no more than the page. With one, the ranges share the examination budget: each
   * reads at most its share, the page keeps the matches no older than the newest point where a
   * range stopped short of its end (below it that range was not read), and that point is where the
   * next page resumes.
   */
  private AccountHistory walked(Head head) {
    Sql hit = new Sql("true");
    amountBounds(hit, "m");
    if (filter.reference() != null) {
      hit.add(
          " AND EXISTS (SELECT 1 FROM journal_transaction r WHERE r.id = m.transaction_id"
              + " AND r.reference = ?)",
          filter.reference());
    }
    List<Integer> kinds = head.kinds() == null ? Collections.singletonList(null) : head.kinds();
    int ranges = head.accounts().size() * kinds.size();
    if (hit.text().equals("true")) {
      Sql sql =
          new Sql(
              "SELECT "
                  + EntryRows.COLUMNS
                  + ", NULL::timestamptz AS cut_at,"
                  + " NULL::bigint AS cut_id FROM (SELECT u.* FROM (");
      sql.add(ranges(head, kinds, limit));
      sql.add(") u" + NEWEST_FIRST + " LIMIT ?) e", limit);
      sql.add(" JOIN journal_transaction t ON t.id = e.transaction_id");
      sql.add(" ORDER BY e.created_at DESC, e.id DESC");
      return run(head, sql);
    }
    int share = Math.ceilDiv(limits.examinedPerPage(), ranges);
    Sql sql = new Sql("WITH examined AS MATERIALIZED (");
    sql.add(ranges(head, kinds, share));
    sql.add(
        "), cut AS (SELECT x.created_at, x.id FROM examined x WHERE x.rn = ?"
            + " ORDER BY x.created_at DESC, x.id DESC LIMIT 1)",
        share);
    sql.add(
        " SELECT "
            + EntryRows.COLUMNS
            + ", k.created_at AS cut_at, k.id AS cut_id"
            + " FROM (SELECT 1) one LEFT JOIN cut k ON true LEFT JOIN LATERAL ("
            + "  SELECT m.* FROM examined m WHERE ");
    sql.add(hit);
    sql.add(
        "  AND (k.id IS NULL OR (m.created_at, m.id) >= (k.created_at, k.id))"
            + "  ORDER BY m.created_at DESC, m.id DESC LIMIT ?) e ON true",
        limit);
    sql.add(" LEFT JOIN journal_transaction t ON t.id = e.transaction_id");
    sql.add(" ORDER BY e.created_at DESC, e.id DESC");
    return run(head, sql);
  }

  /**
   * Each kind of each account: one backward range of an index, at most {@code each} rows, each row
   * numbered in its range ({@code rn}), so that where a range stopped short of its end is its row
   * number {@code each}.
   */
  private Sql ranges(Head head, List<Integer> kinds, int each) {
    Sql ranges = new Sql("");
    String separator = "";
    for (long account : head.accounts()) {
      for (Integer kind : kinds) {
        ranges.add(
            separator
                + "(SELECT row_number() OVER (ORDER BY e.created_at DESC, e.id DESC) AS rn, "
                + ENTRY_COLUMNS
                + " FROM ledger_entry e WHERE e.account_id = ?",
            account);
        if (kind != null) {
          ranges.add(" AND e.kind = ?", kind);
        }
        keyBounds(ranges, "e");
        ranges.add(" ORDER BY e.created_at DESC, e.id DESC LIMIT ?)", each);
        separator = " UNION ALL ";
      }
    }
    return ranges;
  }

  /** The period and the cursor, on the entries' key. */
  private void keyBounds(Sql sql, String entry) {
    if (filter.from() != null) {
      sql.add(" AND " + entry + ".created_at >= ?", SqlTypes.timestamp(filter.from()));
    }
    if (filter.to() != null) {
      sql.add(" AND " + entry + ".created_at < ?", SqlTypes.timestamp(filter.to()));
    }
    if (before != null) {
      // The plain bound beside the row comparison is what prunes the newer partitions.
      var at = SqlTypes.timestamp(before.createdAt());
      sql.add(
          " AND "
              + entry
              + ".created_at <= ? AND ("
              + entry
              + ".created_at, "
              + entry
              + ".id) < (?, ?)",
          at,
          at,
          before.entryId());
    }
  }

  private void amountBounds(Sql sql, String entry) {
    if (filter.minAmount() != null) {
      sql.add(" AND abs(" + entry + ".amount) >= ?", filter.minAmount());
    }
    if (filter.maxAmount() != null) {
      sql.add(" AND abs(" + entry + ".amount) <= ?", filter.maxAmount());
    }
  }

  private AccountHistory run(Head head, Sql sql) {
    List<LedgerEntry> hits = new ArrayList<>();
    HistoryPosition[] examinedTo = {null};
    db.sql(sql.text())
        .params(sql.params())
        .query(row -> {
          if (row.getObject("entry_id") != null) {
            hits.add(EntryRows.entry(row, head.account().currency()));
          }
          if (row.getObject("cut_id") != null) {
            examinedTo[0] =
                new HistoryPosition(SqlTypes.instant(row, "cut_at"), row.getLong("cut_id"));
          }
        });
    return new AccountHistory(head.account(), hits, examinedTo[0]);
  }

  /** A statement's text with its positional parameters, built in order. */
  private static final class Sql {

    private final StringBuilder text = new StringBuilder();
    private final List<Object> params = new ArrayList<>();

    Sql(String text, Object... params) {
      add(text, params);
    }

    void add(String more, Object... moreParams) {
      text.append(more);
      params.addAll(Arrays.asList(moreParams));
    }

    void add(Sql more) {
      text.append(more.text);
      params.addAll(more.params);
    }

    String text() {
      return text.toString();
    }

    List<Object> params() {
      return params;
    }
  }
}
