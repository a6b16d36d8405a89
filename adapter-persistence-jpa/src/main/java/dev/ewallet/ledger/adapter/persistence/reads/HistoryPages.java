package dev.ewallet.ledger.adapter.persistence.reads;

import dev.ewallet.ledger.adapter.persistence.AccountRows;
import dev.ewallet.ledger.adapter.persistence.CoalescedStatements;
import dev.ewallet.ledger.adapter.persistence.EntryRows;
import dev.ewallet.ledger.adapter.persistence.SqlTypes;
import dev.ewallet.ledger.adapter.persistence.replica.ReplicaReads;
import dev.ewallet.ledger.domain.account.Account;
import dev.ewallet.ledger.domain.account.AccountId;
import dev.ewallet.ledger.domain.journal.HistoryPosition;
import dev.ewallet.ledger.domain.journal.LedgerEntry;
import dev.ewallet.ledger.domain.port.out.AccountHistory;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.springframework.jdbc.core.ResultSetExtractor;
import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * History pages without filters: the newest page of one account or of several at once (the pages
 * that wait together, {@link CoalescedStatements}), and the page after a position, each one
 * statement on whichever database the caller chose ({@link ReplicaReads}). Filtered pages are
 * {@link FilteredHistory}'s. Holds no state.
 */
final class HistoryPages {

  /** The newest page of an account, of a length. */
  record Key(long account, int limit) {}

  /** One account's page: the account and the page's length, then the position if any. */
  private static final String ONE_PAGE = "(VALUES (?::bigint, ?::int))";

  private static final String NEWEST_PAGE = history(ONE_PAGE, "");

  /**
   * The newest pages of several accounts at once, each of its own length: the pages that wait
   * together ({@link CoalescedStatements}).
   */
  private static final String NEWEST_PAGES = history("unnest(?::bigint[], ?::int[])", "");

  private static final ResultSetExtractor<Map<Key, AccountHistory>> PAGES = HistoryPages::pagesOf;

  /**
   * The page after a position. The row comparison orders; the plain bound on {@code created_at}
   * beside it is what lets PostgreSQL skip the partitions newer than the position.
   */
  private static final String PAGE_AFTER =
      history(ONE_PAGE, " AND e.created_at <= ? AND (e.created_at, e.id) < (?, ?)");

  private HistoryPages() {}

  /**
   * Accounts with one page of entries each: for each key (an account and its page's length), each
   * of the account's accounts' newest entries after the position (one backward index range each),
   * merged newest first, cut to the page. Each entry's type is its kind's; its transaction is read
   * only when it carries a reference, a description or metadata, through the partial index of those
   * (migration 016), so that a page of transactions without details reads no transaction row. An
   * account without entries still answers one row, with null entry columns. Rows come account by
   * account, each page newest first.
   *
   * @param keys rows of {@code (account_id, page_limit)}
   * @param position a condition on the entries {@code e}, or nothing for the newest page
   */
  private static String history(String keys, String position) {
    return "SELECT "
        + AccountRows.COLUMNS
        + ", k.page_limit, p.id AS entry_id, p.transaction_id, c.type,"
        + " p.account_id AS entry_account_id, p.amount, p.balance_after,"
        + " p.created_at AS entry_created_at, encode(p.hash, 'hex') AS hash, t.reference,"
        + " t.description, t.metadata::text AS metadata, "
        + EntryRows.DETAILS_SEAL
        + " FROM "
        + keys
        + " k(account_id, page_limit) JOIN account a ON a.id = k.account_id"
        + " LEFT JOIN LATERAL ("
        + "  SELECT e.* FROM ("
        + AccountRows.WITH_SHARDS
        + ") x CROSS JOIN LATERAL ("
        + "   SELECT e.id, e.transaction_id, e.account_id, e.amount, e.balance_after, e.created_at,"
        + "    e.hash, e.kind FROM ledger_entry e WHERE e.account_id = x.id"
        + position
        + "   ORDER BY e.created_at DESC, e.id DESC LIMIT k.page_limit) e"
        + "  ORDER BY e.created_at DESC, e.id DESC LIMIT k.page_limit) p ON true"
        + " LEFT JOIN transaction_type_code c ON c.code = p.kind / 2"
        // The same condition as the partial index of migration 016, so that PostgreSQL uses it.
        + " LEFT JOIN journal_transaction t ON t.id = p.transaction_id"
        + "  AND (t.reference IS NOT NULL OR t.description IS NOT NULL OR t.metadata IS NOT NULL)"
        + " ORDER BY k.account_id, k.page_limit, p.created_at DESC, p.id DESC";
  }

  /** The newest pages of several accounts, each of its own length, by one statement. */
  static Map<Key, AccountHistory> newest(JdbcClient db, Collection<Key> keys) {
    long[] accounts = new long[keys.size()];
    int[] limits = new int[keys.size()];
    int i = 0;
    for (Key key : keys) {
      accounts[i] = key.account();
      limits[i++] = key.limit();
    }
    return db.sql(NEWEST_PAGES).params(accounts, limits).query(PAGES);
  }

  /** The newest page of one account. */
  static Optional<AccountHistory> newest(JdbcClient db, AccountId id, int limit) {
    return onePage(db.sql(NEWEST_PAGE).params(id.value(), limit));
  }

  /** The page after a position. */
  static Optional<AccountHistory> after(
      JdbcClient db, AccountId id, int limit, HistoryPosition before) {
    OffsetDateTime at = SqlTypes.timestamp(before.createdAt());
    return onePage(db.sql(PAGE_AFTER).params(id.value(), limit, at, at, before.entryId()));
  }

  private static Optional<AccountHistory> onePage(JdbcClient.StatementSpec statement) {
    return statement.query(PAGES).values().stream().findFirst();
  }

  /** The pages of a history statement's rows, which come account by account. */
  private static Map<Key, AccountHistory> pagesOf(ResultSet rows) throws SQLException {
    Map<Key, AccountHistory> pages = new HashMap<>();
    boolean more = rows.next();
    while (more) {
      Account account = AccountRows.account(rows);
      Key key = new Key(account.id().value(), rows.getInt("page_limit"));
      List<LedgerEntry> entries = new ArrayList<>(key.limit());
      do {
        if (rows.getObject("entry_id") != null) {
          entries.add(EntryRows.entry(rows, account.currency()));
        }
        more = rows.next();
      } while (more
          && rows.getLong("id") == key.account()
          && rows.getInt("page_limit") == key.limit());
      pages.put(key, new AccountHistory(account, entries));
    }
    return pages;
  }
}
