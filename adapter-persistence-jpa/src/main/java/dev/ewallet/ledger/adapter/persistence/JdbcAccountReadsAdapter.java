package dev.ewallet.ledger.adapter.persistence;

import dev.ewallet.ledger.domain.account.Account;
import dev.ewallet.ledger.domain.account.AccountId;
import dev.ewallet.ledger.domain.account.UserId;
import dev.ewallet.ledger.domain.journal.HistoryFilter;
import dev.ewallet.ledger.domain.journal.HistoryPosition;
import dev.ewallet.ledger.domain.journal.LedgerEntry;
import dev.ewallet.ledger.domain.money.Money;
import dev.ewallet.ledger.domain.port.in.AccountView;
import dev.ewallet.ledger.domain.port.out.AccountHistory;
import dev.ewallet.ledger.domain.port.out.AccountReads;
import io.micrometer.core.instrument.DistributionSummary;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.dao.DataAccessResourceFailureException;
import org.springframework.jdbc.core.ResultSetExtractor;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

/**
 * Client reads in PostgreSQL: each call is one native statement on a pooled connection in
 * auto-commit, outside any transaction, mapped straight from its rows to the domain's records. No
 * entity is hydrated, no persistence context opened, no {@code BEGIN}/{@code COMMIT} sent: a
 * statement sees one snapshot of committed data by itself (docs/benchmarks/log.md, "Cheap reads").
 *
 * <p>Each statement keeps to index ranges: the account by its key, a merchant's shards by {@code
 * (parent_id, shard_no)} (skipped by a one-time filter for every other kind), each account's newest
 * entry and its history page by the entries' key {@code (account_id, created_at, id)}, pending
 * withdrawals and holds by their partial indexes. Entries are partitioned by month of {@code
 * created_at} (ADR 0012): a newest-first range reads the newest partition first and stops when the
 * page is full, and a page after a cursor skips every partition newer than the cursor.
 *
 * <p>History pages and balances at an instant may be served by a streaming replica ({@link
 * ReplicaReads}); current balances never are.
 */
@Repository
@EnableConfigurationProperties(ReadBatchingProperties.class)
class JdbcAccountReadsAdapter implements AccountReads {

  private static final String SNAPSHOTS =
      "SELECT "
          + AccountRows.COLUMNS
          + ", m.total, m.shards, m.version,"
          + " (SELECT coalesce(sum(w.amount), 0) FROM withdrawal w"
          + "   WHERE w.account_id = a.id AND w.status = 'PENDING')"
          + " + (SELECT coalesce(sum(h.amount), 0) FROM hold h"
          + "   WHERE h.account_id = a.id AND h.status = 'PENDING') AS held"
          + " FROM account a CROSS JOIN LATERAL ("
          + "  SELECT sum(x.balance)::bigint AS total, count(*) - 1 AS shards,"
          + "   sum(coalesce((SELECT e.id FROM ledger_entry e WHERE e.account_id = x.id"
          + "        ORDER BY e.created_at DESC, e.id DESC LIMIT 1), 0))::bigint AS version"
          + "  FROM ("
          + AccountRows.WITH_SHARDS
          + ") x) m ";

  private static final String FIND = SNAPSHOTS + "WHERE a.id = ?";

  /** Several accounts at once: the reads that wait together ({@link CoalescedStatements}). */
  private static final String FIND_ALL = SNAPSHOTS + "WHERE a.id = ANY(?)";

  private static final String FIND_BY_OWNER =
      SNAPSHOTS + "WHERE a.owner_id = ? AND a.parent_id IS NULL ORDER BY a.id";

  /** One account's page: the account and the page's length, then the position if any. */
  private static final String ONE_PAGE = "(VALUES (?::bigint, ?::int))";

  private static final String NEWEST_PAGE = history(ONE_PAGE, "");

  /**
   * The newest pages of several accounts at once, each of its own length: the pages that wait
   * together ({@link CoalescedStatements}).
   */
  private static final String NEWEST_PAGES = history("unnest(?::bigint[], ?::int[])", "");

  private static final ResultSetExtractor<Map<PageKey, AccountHistory>> PAGES =
      JdbcAccountReadsAdapter::pagesOf;

  /**
   * The page after a position. The row comparison orders; the plain bound on {@code created_at}
   * beside it is what lets PostgreSQL skip the partitions newer than the position.
   */
  private static final String PAGE_AFTER =
      history(ONE_PAGE, " AND e.created_at <= ? AND (e.created_at, e.id) < (?, ?)");

  private final JdbcClient jdbc;
  private final ReplicaReads replicaReads;
  private final FilteredHistory.Limits historyLimits;
  // Null when batching is off.
  private final CoalescedStatements<Long, AccountView> batchedFinds;
  // Newest pages answered together, one queue per database that serves them (the primary, and a
  // replica when one is set); empty when batching is off.
  private final Map<JdbcClient, CoalescedStatements<PageKey, AccountHistory>> batchedPages =
      new ConcurrentHashMap<>();
  private final ReadBatchingProperties batching;
  private final DistributionSummary pageBatchSizes;

  /** The newest page of an account, of a length. */
  private record PageKey(long account, int limit) {}

  @Autowired
  JdbcAccountReadsAdapter(
      JdbcClient jdbc,
      ReplicaReads replicaReads,
      ReadBatchingProperties batching,
      ObjectProvider<MeterRegistry> registry) {
    this(
        jdbc,
        replicaReads,
        FilteredHistory.Limits.DEFAULT,
        batching,
        registry.getIfAvailable(SimpleMeterRegistry::new));
  }

  JdbcAccountReadsAdapter(
      JdbcClient jdbc,
      ReplicaReads replicaReads,
      FilteredHistory.Limits historyLimits,
      ReadBatchingProperties batching,
      MeterRegistry registry) {
    this.jdbc = jdbc;
    this.replicaReads = replicaReads;
    this.historyLimits = historyLimits;
    this.batching = batching;
    this.pageBatchSizes = batchSizes(registry, "history");
    this.batchedFinds =
        batching.enabled()
            ? new CoalescedStatements<>(
                this::findAll,
                batching.maxBatch(),
                batching.maxInFlight(),
                batchSizes(registry, "account")::record)
            : null;
  }

  private static DistributionSummary batchSizes(MeterRegistry registry, String read) {
    return DistributionSummary.builder("ledger.reads.batch.size")
        .description("Reads answered by one statement: accounts, or newest history pages")
        .tag("read", read)
        .register(registry);
  }

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
        + " t.description, t.metadata::text AS metadata"
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

  /**
   * A request's read waits to share a statement with those of the requests reading beside it
   * ({@link CoalescedStatements}). A read inside a unit of work runs on the unit's own connection,
   * to see its writes, and one that serves no request (a job's) runs alone.
   */
  @Override
  public Optional<AccountView> find(AccountId id) {
    Optional<Duration> left = timeToWaitTogether();
    if (left.isEmpty()) {
      return jdbc.sql(FIND).params(id.value()).query(JdbcAccountReadsAdapter::snapshot).optional();
    }
    return batchedFinds.run(id.value(), left.get());
  }

  /**
   * What is left of the calling request's deadline when its read may wait to share a statement;
   * empty when it runs alone: batching is off, or {@link CoalescedStatements#timeToWait} says so.
   */
  private Optional<Duration> timeToWaitTogether() {
    return batching.enabled() ? CoalescedStatements.timeToWait() : Optional.empty();
  }

  private Map<Long, AccountView> findAll(Collection<Long> ids) {
    Map<Long, AccountView> found = HashMap.newHashMap(ids.size());
    jdbc.sql(FIND_ALL)
        .params((Object) ids.stream().mapToLong(Long::longValue).toArray())
        .query(row -> {
          AccountView view = snapshot(row, 0);
          found.put(view.account().id().value(), view);
        });
    return found;
  }

  @Override
  public List<AccountView> findByOwner(UserId owner) {
    return jdbc.sql(FIND_BY_OWNER)
        .params(owner.value())
        .query(JdbcAccountReadsAdapter::snapshot)
        .list();
  }

  @Override
  public Optional<AccountHistory> history(
      AccountId id, HistoryFilter filter, HistoryPosition before, int limit) {
    if (!filter.isEmpty()) {
      return replicaReads.read(
          id, db -> FilteredHistory.page(db, historyLimits, id, filter, before, limit));
    }
    if (before == null) {
      Optional<Duration> left = timeToWaitTogether();
      if (left.isEmpty()) {
        return replicaReads.read(id, db -> onePage(db.sql(NEWEST_PAGE).params(id.value(), limit)));
      }
      PageKey key = new PageKey(id.value(), limit);
      return replicaReads.read(id, db -> newestPages(db).run(key, left.get()));
    }
    OffsetDateTime at = SqlTypes.timestamp(before.createdAt());
    return replicaReads.read(
        id, db -> onePage(db.sql(PAGE_AFTER).params(id.value(), limit, at, at, before.entryId())));
  }

  /**
   * The queue of newest pages read from {@code db}: a request's page waits to share a statement
   * with the pages of the requests reading beside it, as account reads do ({@link #find}).
   */
  private CoalescedStatements<PageKey, AccountHistory> newestPages(JdbcClient db) {
    return batchedPages.computeIfAbsent(
        db,
        client ->
            new CoalescedStatements<>(
                keys -> newestPages(client, keys),
                batching.maxBatch(),
                batching.maxInFlight(),
                pageBatchSizes::record));
  }

  private static Map<PageKey, AccountHistory> newestPages(JdbcClient db, Collection<PageKey> keys) {
    long[] accounts = new long[keys.size()];
    int[] limits = new int[keys.size()];
    int i = 0;
    for (PageKey key : keys) {
      accounts[i] = key.account();
      limits[i++] = key.limit();
    }
    return db.sql(NEWEST_PAGES).params(accounts, limits).query(PAGES);
  }

  private static Optional<AccountHistory> onePage(JdbcClient.StatementSpec statement) {
    return statement.query(PAGES).values().stream().findFirst();
  }

  /** The pages of a history statement's rows, which come account by account. */
  private static Map<PageKey, AccountHistory> pagesOf(ResultSet rows) throws SQLException {
    Map<PageKey, AccountHistory> pages = new HashMap<>();
    boolean more = rows.next();
    while (more) {
      Account account = AccountRows.account(rows);
      PageKey key = new PageKey(account.id().value(), rows.getInt("page_limit"));
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

  @Override
  public Optional<Snapshot> balanceAt(AccountId id, Instant at) {
    return replicaReads.read(id, db -> PeriodReads.balanceAt(db, id, at));
  }

  @Override
  public Optional<PeriodTotals> periodTotals(AccountId id, Instant from, Instant to) {
    return replicaReads.read(id, db -> PeriodReads.periodTotals(db, id, from, to));
  }

  /**
   * Streams from a cursor: PostgreSQL sends rows a fetch at a time only inside a transaction, so
   * the read runs in a read-only one of its own on a pooled connection, and each row is handed over
   * as soon as it is read.
   */
  @Override
  public void periodEntries(AccountId id, Instant from, Instant to, Consumer<LedgerEntry> sink) {
    replicaReads.streaming(
        id,
        dataSource -> {
          try (Connection connection = dataSource.getConnection()) {
            connection.setAutoCommit(false);
            connection.setReadOnly(true);
            try {
              PeriodReads.stream(connection, id, from, to, sink);
            } finally {
              connection.rollback();
            }
          } catch (SQLException e) {
            throw new DataAccessResourceFailureException("statement entries: " + e.getMessage(), e);
          }
        });
  }

  private static AccountView snapshot(ResultSet row, int rowNum) throws SQLException {
    Account account = AccountRows.account(row);
    return new AccountView(
        account,
        Money.of(row.getLong("total"), account.currency()),
        Money.of(row.getLong("held"), account.currency()),
        row.getInt("shards"),
        row.getLong("version"));
  }
}
