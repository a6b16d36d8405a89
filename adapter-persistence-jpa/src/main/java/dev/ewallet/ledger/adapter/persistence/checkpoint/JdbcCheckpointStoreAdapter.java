package dev.ewallet.ledger.adapter.persistence.checkpoint;

import dev.ewallet.ledger.adapter.persistence.EntryRows;
import dev.ewallet.ledger.adapter.persistence.LongScans;
import dev.ewallet.ledger.adapter.persistence.SqlTypes;
import dev.ewallet.ledger.adapter.persistence.outbox.WebhookFanOut;
import dev.ewallet.ledger.domain.account.AccountId;
import dev.ewallet.ledger.domain.account.EntryHash;
import dev.ewallet.ledger.domain.checkpoint.AccountLeaf;
import dev.ewallet.ledger.domain.checkpoint.AccountProof;
import dev.ewallet.ledger.domain.checkpoint.ChangeSink;
import dev.ewallet.ledger.domain.checkpoint.Checkpoint;
import dev.ewallet.ledger.domain.checkpoint.LeafChange;
import dev.ewallet.ledger.domain.checkpoint.MerkleSumTree;
import dev.ewallet.ledger.domain.checkpoint.NodeHash;
import dev.ewallet.ledger.domain.checkpoint.SignedCheckpoint;
import dev.ewallet.ledger.domain.checkpoint.SumNode;
import dev.ewallet.ledger.domain.checkpoint.TreeChunk;
import dev.ewallet.ledger.domain.journal.ReconciliationMismatch;
import dev.ewallet.ledger.domain.money.CurrencyCode;
import dev.ewallet.ledger.domain.port.out.CheckpointStore;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.function.BiConsumer;
import java.util.function.Function;
import javax.sql.DataSource;
import org.springframework.jdbc.core.RowCallbackHandler;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.TransactionDefinition;
import org.springframework.transaction.support.TransactionTemplate;
import tools.jackson.databind.json.JsonMapper;

/**
 * Checkpoints in {@code checkpoint}, their trees' chunks in {@code checkpoint_chunk} and the leaves
 * that changed in {@code checkpoint_leaf}, all append-only (docs/proofs.md). A checkpoint is built
 * in one repeatable-read transaction: its reads see one snapshot and take no lock posting needs; an
 * advisory lock lets one instance build at a time. Its event goes to the outbox in the same
 * transaction, topic {@value #TOPIC}, one record key, so copies arrive in order.
 */
@Repository
class JdbcCheckpointStoreAdapter implements CheckpointStore {

  static final String TOPIC = "wallet.checkpoints";
  static final int SCHEMA_VERSION = 1;

  /** The one record key: every checkpoint on one partition, in the order made. */
  private static final String RECORD_KEY = "checkpoints";

  /** Leaves written per statement. */
  private static final int LEAF_BATCH = 10_000;

  private static final int FETCH_SIZE = 10_000;

  /** The advisory lock one checkpoint build holds (its key: "checkpoint" in ASCII). */
  private static final long BUILD_LOCK = 0x636865636b706f69L;

  /** An account's newest entry in its chain's order: the end of its hash chain. */
  private static final String NEWEST_ENTRY =
      "(SELECT e.id FROM ledger_entry e WHERE e.account_id = a.id"
          + " ORDER BY e.created_at DESC, e.id DESC LIMIT 1)";

  /**
   * Every customer account's leaf, in ascending id, with its newest kept leaf beside it. An account
   * whose partitions were all archived ends where its archive ended.
   */
  private static final String LEAVES =
      "SELECT a.id AS account_id, a.currency, a.balance, coalesce(h.held, 0) AS held,"
          + " encode(a.last_hash, 'hex') AS chain_head, coalesce("
          + NEWEST_ENTRY
          + ", (SELECT max(x.last_entry_id) FROM ledger_entry_archived x"
          + " WHERE x.account_id = a.id), 0) AS last_entry_id,"
          + " k.balance AS prior_balance, k.held AS prior_held,"
          + " encode(k.chain_head, 'hex') AS prior_head, k.last_entry_id AS prior_last"
          + " FROM account a LEFT JOIN (SELECT account_id, sum(amount) AS held FROM ("
          + " SELECT account_id, amount FROM withdrawal WHERE status = 'PENDING'"
          + " UNION ALL SELECT account_id, amount FROM hold WHERE status = 'PENDING') p"
          + " GROUP BY account_id) h ON h.account_id = a.id"
          + " LEFT JOIN LATERAL (SELECT l.balance, l.held, l.chain_head, l.last_entry_id"
          + " FROM checkpoint_leaf l WHERE l.account_id = a.id"
          + " ORDER BY l.account_id DESC, l.checkpoint_seq DESC LIMIT 1) k ON true"
          + " WHERE a.owner_id IS NOT NULL ORDER BY a.id";

  private static final String SYSTEM_SIDE =
      "SELECT a.currency, sum(a.balance) AS balance, coalesce(max("
          + NEWEST_ENTRY
          + "), 0) AS newest FROM account a WHERE a.owner_id IS NULL GROUP BY a.currency";

  private static final String WRITE_LEAVES =
      "INSERT INTO checkpoint_leaf (account_id, checkpoint_seq, currency, balance, held,"
          + " chain_head, last_entry_id) SELECT id, ?, currency, balance, held,"
          + " decode(head, 'hex'), last_id FROM unnest(?::bigint[], ?::text[], ?::bigint[],"
          + " ?::bigint[], ?::text[], ?::bigint[]) AS l(id, currency, balance, held, head, last_id)";

  private static final String WRITE_CHUNKS =
      "INSERT INTO checkpoint_chunk (checkpoint_seq, currency, chunk_index, first_account,"
          + " last_account, hash, sum) SELECT ?, ?, n - 1, f, l, decode(h, 'hex'), s"
          + " FROM unnest(?::bigint[], ?::bigint[], ?::text[], ?::bigint[])"
          + " WITH ORDINALITY AS c(f, l, h, s, n)";

  private static final String WRITE_CHECKPOINT =
      WebhookFanOut.appendAndFanOut(
          "kept AS (INSERT INTO checkpoint (seq, id, created_at, position, key_id,"
              + " signed_content, signature) VALUES (?, ?, ?, ?, ?, ?, ?)"
              + " RETURNING id, created_at),",
          "INSERT INTO outbox_event (event_id, topic, payload, created_at, record_key)"
              + " SELECT ?, ?, ?::jsonb, created_at, ? FROM kept");

  private static final String COLUMNS = "seq, signed_content, signature";

  /** A kept leaf's newest entry, as the journal has it now, matching what the leaf states. */
  private static final String LEAF_IN_JOURNAL =
      "EXISTS (SELECT 1 FROM ledger_entry e WHERE e.account_id = l.account_id"
          + " AND e.id = l.last_entry_id AND e.hash = l.chain_head"
          + " AND e.balance_after = l.balance)";

  private static final String LEAVES_NOT_IN_JOURNAL =
      "SELECT l.account_id, l.currency, l.last_entry_id, l.balance, coalesce((SELECT"
          + " e.balance_after FROM ledger_entry e WHERE e.account_id = l.account_id"
          + " AND e.id = l.last_entry_id), 0) AS in_journal FROM (SELECT DISTINCT ON (account_id)"
          + " * FROM checkpoint_leaf ORDER BY account_id, checkpoint_seq DESC) l"
          + " WHERE l.last_entry_id > 0 AND NOT "
          + LEAF_IN_JOURNAL
          + " ORDER BY l.account_id LIMIT ?";

  /**
   * The newest checkpoint older than the first that kept a leaf of a broken account which the
   * journal no longer gives (its newest entry at or after the account's first broken entry, or not
   * as the leaf states it).
   */
  private static final String LAST_HOLDING =
      "WITH broken (account_id, first_broken) AS (SELECT * FROM unnest(?::bigint[], ?::bigint[])),"
          + " failing AS (SELECT min(l.checkpoint_seq) AS seq FROM checkpoint_leaf l"
          + " JOIN broken b ON b.account_id = l.account_id"
          + " WHERE l.last_entry_id >= b.first_broken OR (l.last_entry_id > 0 AND NOT "
          + LEAF_IN_JOURNAL
          + ")) SELECT c.seq, c.signed_content, c.signature"
          + " FROM checkpoint c, failing f WHERE f.seq IS NULL OR c.seq < f.seq"
          + " ORDER BY c.seq DESC LIMIT 1";

  private static final String LEAVES_AS_OF =
      "SELECT DISTINCT ON (l.account_id) l.account_id, l.balance, l.held,"
          + " encode(l.chain_head, 'hex') AS chain_head, l.last_entry_id FROM checkpoint_leaf l"
          + " WHERE l.account_id BETWEEN ? AND ? AND l.currency = ? AND l.checkpoint_seq <= ?"
          + " ORDER BY l.account_id, l.checkpoint_seq DESC";

  /**
   * The leaves a checkpoint changed, each with the account's leaf before it and its entries since
   * (after the earlier leaf's last entry, up to the later one's: one account's entries are written
   * under its row lock, so in id order), in account and chain order.
   */
  private static final String CHANGES =
      "SELECT c.account_id, c.currency, c.balance, c.held, encode(c.chain_head, 'hex') AS chain_head,"
          + " c.last_entry_id, p.balance AS prior_balance, p.held AS prior_held,"
          + " encode(p.chain_head, 'hex') AS prior_head, p.last_entry_id AS prior_last, x.*"
          + " FROM checkpoint_leaf c LEFT JOIN LATERAL (SELECT k.balance, k.held, k.chain_head,"
          + " k.last_entry_id FROM checkpoint_leaf k WHERE k.account_id = c.account_id"
          + " AND k.checkpoint_seq < c.checkpoint_seq"
          + " ORDER BY k.account_id DESC, k.checkpoint_seq DESC LIMIT 1) p"
          + " ON true LEFT JOIN LATERAL (SELECT "
          + EntryRows.COLUMNS
          + " FROM ledger_entry e JOIN journal_transaction t ON t.id = e.transaction_id"
          + " WHERE e.account_id = c.account_id AND e.id > coalesce(p.last_entry_id, 0)"
          + " AND e.id <= c.last_entry_id) x ON true"
          + " WHERE c.checkpoint_seq = (SELECT seq FROM checkpoint WHERE id = ?)"
          + " ORDER BY c.account_id, x.entry_created_at, x.entry_id";

  private final JdbcClient jdbc;
  private final DataSource dataSource;
  private final JsonMapper json;
  private final TransactionTemplate snapshot;
  private final TransactionTemplate readOnly;

  JdbcCheckpointStoreAdapter(
      JdbcClient jdbc,
      DataSource dataSource,
      JsonMapper json,
      PlatformTransactionManager transactionManager) {
    this.jdbc = jdbc;
    this.dataSource = dataSource;
    this.json = json;
    this.snapshot = new TransactionTemplate(transactionManager);
    this.snapshot.setIsolationLevel(TransactionDefinition.ISOLATION_REPEATABLE_READ);
    this.readOnly = new TransactionTemplate(transactionManager);
    this.readOnly.setReadOnly(true);
  }

  @Override
  public SignedCheckpoint record(Function<BooksSnapshot, Built> build) {
    return snapshot.execute(status -> {
      LongScans.allowTheRequestsDeadline(jdbc, dataSource);
      // The build writes leaves into checkpoint_leaf while its scan probes that table for each
      // account's kept leaf (by its key: account, then checkpoint): a plan made while the table
      // looked empty (the first checkpoint) could scan it whole for every account, over the rows
      // this transaction is adding, which is quadratic. Index probes only, for this transaction.
      jdbc.sql("SELECT set_config('enable_seqscan', 'off', true)").query(String.class).single();
      jdbc.sql("SELECT pg_advisory_xact_lock(?)").param(BUILD_LOCK).query(Object.class).single();
      long seq =
          jdbc.sql("SELECT nextval(pg_get_serial_sequence('checkpoint', 'seq'))")
              .query(Long.class)
              .single();
      Built built = build.apply(new JdbcBooksSnapshotAdapter(seq));
      keep(seq, built);
      return built.signed();
    });
  }

  /** The snapshot's reads; the leaves that changed since their account's kept one are written. */
  final class JdbcBooksSnapshotAdapter implements BooksSnapshot {

    private final long seq;

    JdbcBooksSnapshotAdapter(long seq) {
      this.seq = seq;
    }

    @Override
    public long leaves(BiConsumer<CurrencyCode, AccountLeaf> sink) {
      ChangedLeaves changed = new ChangedLeaves(seq);
      long[] newest = {0};
      Map<String, CurrencyCode> currencies = new HashMap<>();
      jdbc.sql(LEAVES)
          .withFetchSize(FETCH_SIZE)
          .query(
              (RowCallbackHandler)
                  row -> {
                    CurrencyCode currency =
                        currencies.computeIfAbsent(
                            row.getString("currency"), code -> CurrencyCode.of(code.strip()));
                    AccountLeaf leaf = leaf(row);
                    newest[0] = Math.max(newest[0], leaf.lastEntryId());
                    sink.accept(currency, leaf);
                    if (!leaf.equals(prior(row, leaf.account()))) {
                      changed.add(currency, leaf);
                    }
                  });
      changed.flush();
      return newest[0];
    }

    @Override
    public SystemSide systemSide() {
      Map<CurrencyCode, Long> balances = new HashMap<>();
      long[] newest = {0};
      jdbc.sql(SYSTEM_SIDE)
          .query(
              (RowCallbackHandler)
                  row -> {
                    balances.put(
                        CurrencyCode.of(row.getString("currency").strip()),
                        row.getBigDecimal("balance").longValueExact());
                    newest[0] = Math.max(newest[0], row.getLong("newest"));
                  });
      return new SystemSide(balances, newest[0]);
    }
  }

  /** Leaves to keep, written {@value #LEAF_BATCH} at a time while the scan goes on. */
  private final class ChangedLeaves {

    private final long seq;
    private final List<CurrencyCode> currencies = new ArrayList<>();
    private final List<AccountLeaf> leaves = new ArrayList<>();

    ChangedLeaves(long seq) {
      this.seq = seq;
    }

    void add(CurrencyCode currency, AccountLeaf leaf) {
      currencies.add(currency);
      leaves.add(leaf);
      if (leaves.size() == LEAF_BATCH) {
        flush();
      }
    }

    void flush() {
      if (leaves.isEmpty()) {
        return;
      }
      jdbc.sql(WRITE_LEAVES)
          .params(
              seq,
              leaves.stream().mapToLong(leaf -> leaf.account().value()).toArray(),
              currencies.stream().map(CurrencyCode::value).toArray(String[]::new),
              leaves.stream().mapToLong(AccountLeaf::balanceMinor).toArray(),
              leaves.stream().mapToLong(AccountLeaf::heldMinor).toArray(),
              leaves.stream().map(leaf -> leaf.chainHead().hex()).toArray(String[]::new),
              leaves.stream().mapToLong(AccountLeaf::lastEntryId).toArray())
          .update();
      currencies.clear();
      leaves.clear();
    }
  }

  private void keep(long seq, Built built) {
    built
        .chunks()
        .forEach((currency, chunks) ->
            jdbc.sql(WRITE_CHUNKS)
                .params(
                    seq,
                    currency.value(),
                    chunks.stream().mapToLong(chunk -> chunk.first().value()).toArray(),
                    chunks.stream().mapToLong(chunk -> chunk.last().value()).toArray(),
                    chunks.stream().map(chunk -> chunk.root().hash().hex()).toArray(String[]::new),
                    chunks.stream().mapToLong(chunk -> chunk.root().sumMinor()).toArray())
                .update());
    SignedCheckpoint signed = built.signed();
    Checkpoint checkpoint = signed.checkpoint();
    UUID eventId = UUID.randomUUID();
    jdbc.sql(WRITE_CHECKPOINT)
        .params(
            seq,
            checkpoint.id(),
            SqlTypes.timestamp(checkpoint.createdAt()),
            checkpoint.position(),
            checkpoint.keyId(),
            checkpoint.signedContent(),
            signed.signature(),
            eventId,
            TOPIC,
            json.writeValueAsString(payload(eventId, signed)),
            RECORD_KEY)
        .query(Long.class)
        .single();
  }

  /** The event: the checkpoint as the API shows it, with the bytes signed and the signature. */
  private static Map<String, Object> payload(UUID eventId, SignedCheckpoint signed) {
    Checkpoint checkpoint = signed.checkpoint();
    Map<String, Object> payload = new LinkedHashMap<>();
    payload.put("schemaVersion", SCHEMA_VERSION);
    payload.put("eventId", eventId.toString());
    payload.put("type", SignedCheckpoint.EVENT_TYPE);
    payload.put("occurredAt", checkpoint.createdAt().toString());
    payload.put("id", checkpoint.id().toString());
    payload.put("createdAt", checkpoint.createdAt().toString());
    payload.put("position", checkpoint.position());
    payload.put(
        "currencies",
        checkpoint.currencies().stream()
            .map(totals -> {
              Map<String, Object> currency = new LinkedHashMap<>();
              currency.put("currency", totals.currency().value());
              currency.put("root", totals.root().hash().hex());
              currency.put("total", totals.totalMinor());
              currency.put("systemBalance", totals.systemBalanceMinor());
              return currency;
            })
            .toList());
    payload.put("keyId", checkpoint.keyId());
    payload.put("signedContent", Base64.getEncoder().encodeToString(checkpoint.signedContent()));
    payload.put("signature", signed.signature());
    return payload;
  }

  @Override
  public Optional<SignedCheckpoint> latest() {
    return jdbc.sql("SELECT " + COLUMNS + " FROM checkpoint ORDER BY seq DESC LIMIT 1")
        .query((row, n) -> signed(row))
        .optional();
  }

  @Override
  public List<SignedCheckpoint> between(Instant from, Instant to, int limit) {
    return jdbc.sql(
            "SELECT "
                + COLUMNS
                + " FROM checkpoint WHERE created_at >= ? AND created_at < ?"
                + " ORDER BY seq LIMIT ?")
        .params(SqlTypes.timestamp(from), SqlTypes.timestamp(to), limit)
        .query((row, n) -> signed(row))
        .list();
  }

  @Override
  public Optional<SignedCheckpoint> byId(UUID id) {
    return jdbc.sql("SELECT " + COLUMNS + " FROM checkpoint WHERE id = ?")
        .param(id)
        .query((row, n) -> signed(row))
        .optional();
  }

  @Override
  public Optional<SignedCheckpoint> previous(SignedCheckpoint checkpoint) {
    return jdbc.sql(
            "SELECT "
                + COLUMNS
                + " FROM checkpoint WHERE seq < (SELECT seq FROM checkpoint WHERE id = ?)"
                + " ORDER BY seq DESC LIMIT 1")
        .param(checkpoint.checkpoint().id())
        .query((row, n) -> signed(row))
        .optional();
  }

  /** In a read-only transaction of its own, from a cursor: memory does not grow with the export. */
  @Override
  public void changes(SignedCheckpoint checkpoint, ChangeSink sink) {
    readOnly.executeWithoutResult(status -> {
      LongScans.allowTheRequestsDeadline(jdbc, dataSource);
      AccountId[] current = {null};
      jdbc.sql(CHANGES)
          .withFetchSize(FETCH_SIZE)
          .param(checkpoint.checkpoint().id())
          .query(
              (RowCallbackHandler)
                  row -> {
                    CurrencyCode currency = CurrencyCode.of(row.getString("currency").strip());
                    AccountLeaf after = leaf(row);
                    if (!after.account().equals(current[0])) {
                      current[0] = after.account();
                      sink.account(new LeafChange(currency, prior(row, after.account()), after));
                    }
                    if (row.getObject("entry_id") != null) {
                      sink.entry(EntryRows.entry(row, currency));
                    }
                  });
    });
  }

  @Override
  public Optional<AccountProof> proof(SignedCheckpoint checkpoint, AccountId account) {
    Optional<Long> seq =
        jdbc.sql("SELECT seq FROM checkpoint WHERE id = ?")
            .param(checkpoint.checkpoint().id())
            .query(Long.class)
            .optional();
    Optional<String> currency =
        jdbc.sql(
                "SELECT currency FROM checkpoint_leaf WHERE account_id = ? AND checkpoint_seq <= ?"
                    + " LIMIT 1")
            .params(account.value(), seq.orElseThrow())
            .query(String.class)
            .optional();
    if (currency.isEmpty()) {
      return Optional.empty();
    }
    List<TreeChunk> chunks =
        jdbc.sql(
                "SELECT first_account, last_account, encode(hash, 'hex') AS hash, sum"
                    + " FROM checkpoint_chunk WHERE checkpoint_seq = ? AND currency = ?"
                    + " ORDER BY chunk_index")
            .params(seq.get(), currency.get())
            .query((row, n) ->
                new TreeChunk(
                    AccountId.of(row.getLong("first_account")),
                    AccountId.of(row.getLong("last_account")),
                    new SumNode(new NodeHash(row.getString("hash")), row.getLong("sum"))))
            .list();
    Optional<TreeChunk> chunk = chunks.stream().filter(found -> found.covers(account)).findFirst();
    if (chunk.isEmpty()) {
      return Optional.empty();
    }
    List<AccountLeaf> leaves =
        jdbc.sql(LEAVES_AS_OF)
            .params(
                chunk.get().first().value(), chunk.get().last().value(), currency.get(), seq.get())
            .query((row, n) -> leaf(row))
            .list();
    CurrencyCode code = CurrencyCode.of(currency.get().strip());
    return MerkleSumTree.proofFromChunks(chunks, leaves, account)
        .map(proof -> new AccountProof(checkpoint, code, proof));
  }

  @Override
  public List<ReconciliationMismatch> leavesNotInJournal(int limit) {
    return jdbc.sql(LEAVES_NOT_IN_JOURNAL)
        .param(limit)
        .query((row, n) ->
            new ReconciliationMismatch(
                ReconciliationMismatch.Kind.CHECKPOINT_LEAF_NOT_IN_JOURNAL,
                row.getLong("account_id"),
                row.getLong("last_entry_id"),
                row.getString("currency").strip(),
                row.getLong("balance"),
                row.getLong("in_journal")))
        .list();
  }

  @Override
  public Optional<SignedCheckpoint> lastHolding(List<ReconciliationMismatch> breaks) {
    List<ReconciliationMismatch> accounts =
        breaks.stream().filter(found -> found.accountId() != null).toList();
    return jdbc.sql(LAST_HOLDING)
        .params(
            accounts.stream().mapToLong(ReconciliationMismatch::accountId).toArray(),
            accounts.stream()
                .map(found ->
                    found.kind() == ReconciliationMismatch.Kind.CHECKPOINT_LEAF_NOT_IN_JOURNAL
                        ? null
                        : found.entryId())
                .toArray(Long[]::new))
        .query((row, n) -> signed(row))
        .optional();
  }

  /** The leaf on a row of {@link #LEAVES}, {@link #LEAVES_AS_OF} or {@link #CHANGES}. */
  private static AccountLeaf leaf(ResultSet row) throws SQLException {
    return new AccountLeaf(
        AccountId.of(row.getLong("account_id")),
        row.getLong("balance"),
        row.getLong("held"),
        new EntryHash(row.getString("chain_head")),
        row.getLong("last_entry_id"));
  }

  /**
   * The account's leaf kept before, on a row of {@link #LEAVES} (its newest) or {@link #CHANGES}
   * (the one before the change): columns {@code prior_*}, {@code null} when none was kept.
   */
  private static AccountLeaf prior(ResultSet row, AccountId account) throws SQLException {
    String head = row.getString("prior_head");
    return head == null
        ? null
        : new AccountLeaf(
            account,
            row.getLong("prior_balance"),
            row.getLong("prior_held"),
            new EntryHash(head),
            row.getLong("prior_last"));
  }

  private static SignedCheckpoint signed(ResultSet row) throws SQLException {
    return new SignedCheckpoint(
        Checkpoint.fromSignedContent(row.getBytes("signed_content")), row.getString("signature"));
  }
}
