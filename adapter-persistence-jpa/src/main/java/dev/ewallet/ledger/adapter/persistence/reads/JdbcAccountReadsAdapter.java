package dev.ewallet.ledger.adapter.persistence.reads;

import dev.ewallet.ledger.adapter.persistence.AccountRows;
import dev.ewallet.ledger.adapter.persistence.CoalescedStatements;
import dev.ewallet.ledger.adapter.persistence.replica.ReplicaReads;
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
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

/**
 * Client reads in PostgreSQL: each call is one native statement on a pooled connection in
 * auto-commit, outside any transaction, mapped straight from its rows to the domain's records. No
 * entity is hydrated, no persistence context opened, no {@code BEGIN}/{@code COMMIT} sent: a
 * statement sees one snapshot of committed data by itself (docs/benchmarks/log.md, "Cheap reads").
 *
 * <p>Each statement keeps to index ranges: the account by its key, a merchant's or a system
 * account's shards by {@code (parent_id, shard_no)} (skipped by a one-time filter for wallets),
 * each account's newest entry and its history page by the entries' key {@code (account_id,
 * created_at, id)}, pending withdrawals, holds and deposits by their partial indexes. Entries are
 * partitioned by month of {@code created_at} (ADR 0012): a newest-first range reads the newest
 * partition first and stops when the page is full, and a page after a cursor skips every partition
 * newer than the cursor.
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
          + ", m.total, m.shards, m.version, "
          + AccountRows.HELD_AND_PENDING_IN
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

  private final JdbcClient jdbc;
  private final ReplicaReads replicaReads;
  private final FilteredHistory.Limits historyLimits;
  // Null when batching is off.
  private final CoalescedStatements<Long, AccountView> batchedFinds;
  // Newest pages answered together, one queue per database that serves them (the primary, and a
  // replica when one is set); empty when batching is off.
  private final Map<JdbcClient, CoalescedStatements<HistoryPages.Key, AccountHistory>>
      batchedPages = new ConcurrentHashMap<>();
  private final ReadBatchingProperties batching;
  private final DistributionSummary pageBatchSizes;

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
        return replicaReads.read(id, db -> HistoryPages.newest(db, id, limit));
      }
      HistoryPages.Key key = new HistoryPages.Key(id.value(), limit);
      return replicaReads.read(id, db -> newestPages(db).run(key, left.get()));
    }
    return replicaReads.read(id, db -> HistoryPages.after(db, id, limit, before));
  }

  /**
   * The queue of newest pages read from {@code db}: a request's page waits to share a statement
   * with the pages of the requests reading beside it, as account reads do ({@link #find}).
   */
  private CoalescedStatements<HistoryPages.Key, AccountHistory> newestPages(JdbcClient db) {
    return batchedPages.computeIfAbsent(
        db,
        client ->
            new CoalescedStatements<>(
                keys -> HistoryPages.newest(client, keys),
                batching.maxBatch(),
                batching.maxInFlight(),
                pageBatchSizes::record));
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
        Money.of(row.getLong("pending_in"), account.currency()),
        row.getInt("shards"),
        row.getLong("version"));
  }
}
