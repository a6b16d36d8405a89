package dev.ewallet.ledger.adapter.persistence.audit;

import dev.ewallet.ledger.adapter.persistence.EntryRows;
import dev.ewallet.ledger.adapter.persistence.LongScans;
import dev.ewallet.ledger.domain.account.AccountId;
import dev.ewallet.ledger.domain.account.DetailsDigest;
import dev.ewallet.ledger.domain.account.EntryHash;
import dev.ewallet.ledger.domain.journal.LedgerEntry;
import dev.ewallet.ledger.domain.journal.ReconciliationMismatch;
import dev.ewallet.ledger.domain.journal.ReconciliationMismatch.Kind;
import dev.ewallet.ledger.domain.money.CurrencyCode;
import dev.ewallet.ledger.domain.port.out.LedgerAudit;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.function.Supplier;
import javax.sql.DataSource;
import org.springframework.jdbc.core.RowCallbackHandler;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.TransactionDefinition;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * Reconciliation queries: full scans of the journal, meant for the nightly job, checkpoints and
 * operators, never for the request path; they may outlast the ordinary timeouts ({@link
 * LongScans}).
 */
@Repository
class JdbcLedgerAuditAdapter implements LedgerAudit {

  /**
   * Every amount the journal holds for an account: its entries, and the totals of entries archived
   * with their partition (ADR 0012).
   */
  private static final String AMOUNTS =
      "(SELECT account_id, amount FROM ledger_entry"
          + " UNION ALL SELECT account_id, amount FROM ledger_entry_archived)";

  private static final String SUM_BY_CURRENCY =
      "SELECT a.currency, sum(x.amount) AS total FROM "
          + AMOUNTS
          + " x JOIN account a ON a.id = x.account_id GROUP BY a.currency";

  private static final String BALANCE_NOT_ENTRY_SUM =
      "SELECT a.id, a.currency, a.balance, coalesce(s.total, 0) AS total FROM account a"
          + " LEFT JOIN (SELECT account_id, sum(amount) AS total FROM "
          + AMOUNTS
          + " x GROUP BY account_id) s ON s.account_id = a.id"
          + " WHERE a.balance <> coalesce(s.total, 0) ORDER BY a.id LIMIT ?";

  // The first entry per account whose balance_after is not the previous one plus its amount; the
  // first entry after an archive follows the archive's last balance.
  private static final String CHAIN_BREAKS =
      "SELECT DISTINCT ON (c.account_id) c.account_id, c.id, a.currency, c.expected,"
          + " c.balance_after FROM (SELECT e.account_id, e.id, e.balance_after,"
          + " coalesce(lag(e.balance_after) OVER (PARTITION BY e.account_id ORDER BY e.id),"
          + " o.opening, 0) + e.amount AS expected FROM ledger_entry e LEFT JOIN"
          + " (SELECT account_id, (array_agg(last_balance_after ORDER BY last_entry_id DESC))[1]"
          + " AS opening FROM ledger_entry_archived GROUP BY account_id) o"
          + " ON o.account_id = e.account_id) c"
          + " JOIN account a ON a.id = c.account_id"
          + " WHERE c.balance_after <> c.expected ORDER BY c.account_id, c.id LIMIT ?";

  /** Where each account's chain starts: where its newest archive left it, else GENESIS. */
  private static final String CHAIN_STARTS =
      "(SELECT account_id, (array_agg(last_hash ORDER BY last_entry_id DESC))[1] AS start"
          + " FROM ledger_entry_archived GROUP BY account_id)";

  /** The chain's start before an account's first entry, as an SQL literal. */
  private static final String GENESIS = "'\\x" + EntryHash.GENESIS.hex() + "'::bytea";

  /** What the link of an entry of a transaction without details commits to, as an SQL literal. */
  private static final String NO_DETAILS = "'\\x" + DetailsDigest.NO_DETAILS.hex() + "'::bytea";

  /**
   * The first entry per account whose stored hash is not the link (ledger_entry_link, the
   * migration's function, byte for byte EntryHash) of the stored hash before it and its own fields,
   * with its transaction's details digest when one is kept (version 2) and without one (version 1)
   * otherwise; an entry of a transaction without any details may also link with the digest of no
   * details (version 2, EntryHash.leadsTo). Then the accounts whose row says the chain ends
   * elsewhere than their newest entry.
   */
  private static final String HASH_CHAIN_BREAKS =
      "SELECT account_id, entry_id, currency FROM (SELECT DISTINCT ON (c.account_id)"
          + " c.account_id, c.id AS entry_id, a.currency FROM (SELECT l.*,"
          + " ledger_entry_link(l.previous, l.transaction_id, l.account_id, l.amount,"
          + " l.balance_after, l.created_at, l.details_digest) AS expected,"
          + " CASE WHEN l.without_details THEN ledger_entry_link(l.previous, l.transaction_id,"
          + " l.account_id, l.amount, l.balance_after, l.created_at, "
          + NO_DETAILS
          + ") END AS expected_without_details FROM (SELECT e.account_id, e.id, e.created_at,"
          + " e.hash, e.transaction_id, e.amount, e.balance_after, t.details_digest,"
          + " t.details_digest IS NULL AND t.reference IS NULL AND t.description IS NULL"
          + " AND t.metadata IS NULL AS without_details, coalesce(lag(e.hash) OVER (PARTITION BY"
          + " e.account_id ORDER BY e.created_at, e.id), s.start, "
          + GENESIS
          + ") AS previous FROM ledger_entry e"
          + " JOIN journal_transaction t ON t.id = e.transaction_id LEFT JOIN "
          + CHAIN_STARTS
          + " s ON s.account_id = e.account_id) l) c JOIN account a ON a.id = c.account_id"
          + " WHERE c.hash IS DISTINCT FROM c.expected"
          + " AND c.hash IS DISTINCT FROM c.expected_without_details"
          + " ORDER BY c.account_id, c.created_at, c.id) links"
          + " UNION ALL SELECT a.id, NULL, a.currency FROM account a LEFT JOIN LATERAL ("
          + " SELECT e.hash FROM ledger_entry e WHERE e.account_id = a.id"
          + " ORDER BY e.created_at DESC, e.id DESC LIMIT 1) n ON true LEFT JOIN "
          + CHAIN_STARTS
          + " s ON s.account_id = a.id WHERE a.last_hash <> coalesce(n.hash, s.start, "
          + GENESIS
          + ") LIMIT ?";

  private static final String STORED_CHAIN =
      "SELECT a.currency, encode(a.last_hash, 'hex') AS end_hash,"
          + " encode(coalesce((SELECT s.start FROM "
          + CHAIN_STARTS
          + " s WHERE s.account_id = a.id), "
          + GENESIS
          + "), 'hex') AS start_hash FROM account a WHERE a.id = ?";

  private static final String CHAIN_ENTRIES =
      "SELECT "
          + EntryRows.COLUMNS
          + " FROM ledger_entry e JOIN journal_transaction t ON t.id = e.transaction_id"
          + " WHERE e.account_id = ? ORDER BY e.created_at, e.id";

  private static final int CHAIN_FETCH_SIZE = 1_000;

  /** An account's chain as stored, with the currency its entries are read in. */
  private record StoredRow(CurrencyCode currency, StoredChain chain) {}

  /** A currency's hold account with its shards against what is pending in that currency. */
  private static final String HOLD_NOT_PENDING_SUM =
      "SELECT id, currency, balance, pending FROM (SELECT a.id, a.currency,"
          + " a.balance + (SELECT coalesce(sum(s.balance), 0) FROM account s"
          + "   WHERE s.parent_id = a.id) AS balance,"
          + " coalesce(p.pending, 0) AS pending FROM account a"
          + " LEFT JOIN (SELECT currency, sum(amount) AS pending FROM ("
          + " SELECT currency, amount FROM withdrawal WHERE status = 'PENDING'"
          + " UNION ALL SELECT currency, amount FROM hold WHERE status = 'PENDING') w"
          + " GROUP BY currency) p ON p.currency = a.currency"
          + " WHERE a.kind = 'HOLD' AND a.owner_id IS NULL AND a.parent_id IS NULL) h"
          + " WHERE balance <> pending";

  private final JdbcClient jdbc;
  private final DataSource dataSource;
  private final TransactionTemplate readOnly;
  private final TransactionTemplate snapshot;

  JdbcLedgerAuditAdapter(
      JdbcClient jdbc, DataSource dataSource, PlatformTransactionManager transactionManager) {
    this.jdbc = jdbc;
    this.dataSource = dataSource;
    this.readOnly = new TransactionTemplate(transactionManager);
    this.readOnly.setReadOnly(true);
    this.snapshot = new TransactionTemplate(transactionManager);
    this.snapshot.setReadOnly(true);
    this.snapshot.setIsolationLevel(TransactionDefinition.ISOLATION_REPEATABLE_READ);
  }

  /**
   * Runs a scan in a read-only transaction whose statement and socket timeouts are what is left of
   * the request's deadline, or none outside a request.
   */
  private <T> T scan(Supplier<T> query) {
    return readOnly.execute(status -> {
      LongScans.allowTheRequestsDeadline(jdbc, dataSource);
      return query.get();
    });
  }

  @Override
  public Map<String, Long> entrySumsByCurrency() {
    Map<String, Long> sums = new LinkedHashMap<>();
    RowCallbackHandler collect =
        row -> sums.put(row.getString("currency"), row.getBigDecimal("total").longValueExact());
    return scan(() -> {
      jdbc.sql(SUM_BY_CURRENCY).query(collect);
      return sums;
    });
  }

  @Override
  public List<ReconciliationMismatch> accountMismatches(int limit) {
    return scan(() -> accountMismatchesInScan(limit));
  }

  private List<ReconciliationMismatch> accountMismatchesInScan(int limit) {
    List<ReconciliationMismatch> mismatches = new ArrayList<>();
    mismatches.addAll(
        jdbc.sql(BALANCE_NOT_ENTRY_SUM)
            .param(limit)
            .query((row, n) ->
                new ReconciliationMismatch(
                    Kind.BALANCE_NOT_ENTRY_SUM,
                    row.getLong("id"),
                    null,
                    row.getString("currency"),
                    row.getBigDecimal("total").longValueExact(),
                    row.getLong("balance")))
            .list());
    mismatches.addAll(
        jdbc.sql(CHAIN_BREAKS)
            .param(limit)
            .query((row, n) ->
                new ReconciliationMismatch(
                    Kind.BALANCE_AFTER_CHAIN_BROKEN,
                    row.getLong("account_id"),
                    row.getLong("id"),
                    row.getString("currency"),
                    row.getLong("expected"),
                    row.getLong("balance_after")))
            .list());
    return mismatches.size() > limit ? mismatches.subList(0, limit) : mismatches;
  }

  @Override
  public List<ReconciliationMismatch> holdAccountMismatches() {
    return scan(() ->
        jdbc.sql(HOLD_NOT_PENDING_SUM)
            .query((row, n) ->
                new ReconciliationMismatch(
                    Kind.HOLD_BALANCE_NOT_PENDING_SUM,
                    row.getLong("id"),
                    null,
                    row.getString("currency"),
                    row.getBigDecimal("pending").longValueExact(),
                    row.getLong("balance")))
            .list());
  }

  @Override
  public List<ReconciliationMismatch> hashChainMismatches(int limit) {
    return scan(() ->
        jdbc.sql(HASH_CHAIN_BREAKS)
            .param(limit)
            .query((row, n) ->
                new ReconciliationMismatch(
                    Kind.HASH_CHAIN_BROKEN,
                    row.getLong("account_id"),
                    row.getObject("entry_id", Long.class),
                    row.getString("currency"),
                    0,
                    0))
            .list());
  }

  /**
   * One repeatable-read snapshot for the account row and its entries, so that a posting committed
   * meanwhile cannot make the chain's end and its entries disagree; the entries come from a cursor,
   * {@value #CHAIN_FETCH_SIZE} at a time.
   */
  @Override
  public Optional<StoredChain> chain(AccountId id, Consumer<LedgerEntry> sink) {
    return snapshot.execute(status -> {
      Optional<StoredRow> stored =
          jdbc.sql(STORED_CHAIN)
              .param(id.value())
              .query((row, n) ->
                  new StoredRow(
                      CurrencyCode.of(row.getString("currency").strip()),
                      new StoredChain(
                          id,
                          new EntryHash(row.getString("start_hash")),
                          new EntryHash(row.getString("end_hash")))))
              .optional();
      stored.ifPresent(found ->
          jdbc.sql(CHAIN_ENTRIES)
              .withFetchSize(CHAIN_FETCH_SIZE)
              .param(id.value())
              .query(
                  (RowCallbackHandler) row -> sink.accept(EntryRows.entry(row, found.currency()))));
      return stored.map(StoredRow::chain);
    });
  }
}
