package dev.ewallet.ledger.adapter.persistence.schema;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ewallet.ledger.adapter.persistence.testing.PostgresTestDatabase;
import dev.ewallet.ledger.domain.account.AccountId;
import dev.ewallet.ledger.domain.account.DetailsDigest;
import dev.ewallet.ledger.domain.account.EntryHash;
import dev.ewallet.ledger.domain.journal.TransactionDetails;
import dev.ewallet.ledger.domain.journal.TransactionType;
import dev.ewallet.ledger.domain.money.CurrencyCode;
import dev.ewallet.ledger.domain.money.Money;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.stream.IntStream;
import javax.sql.DataSource;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.springframework.jdbc.core.RowCallbackHandler;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.jdbc.datasource.DriverManagerDataSource;

/**
 * The partitioned journal's migration (changeset 010, ADR 0012) run over a database as earlier
 * releases left it, loaded with a year of entries: every row is still there, unchanged, in a
 * partition; new entries continue the id sequence; the journal stays append-only; history reads
 * skip the partitions a cursor rules out; and the maintenance function adds months only once.
 */
class PartitionedJournalMigrationIT {

  private static final String CONTENT =
      "SELECT count(*) || ':' || sum(amount) || ':'"
          + " || md5(string_agg(id || ',' || transaction_id || ',' || account_id || ',' || amount"
          + " || ',' || balance_after || ',' || extract(epoch FROM created_at), ';' ORDER BY id))"
          + " FROM ledger_entry WHERE id <= ";

  private static String url;
  private static JdbcClient owner;
  private static String before;
  private static long newestIdBefore;

  @BeforeAll
  static void migrateALoadedDatabase() throws Exception {
    url = PostgresTestDatabase.scratchDatabase();
    DataSource ownerConnections = new DriverManagerDataSource(url, PostgresTestDatabase.OWNER, "");
    owner = JdbcClient.create(ownerConnections);
    migrate("db/changelog/before-partitioned-journal.yaml");
    load();
    newestIdBefore = owner.sql("SELECT max(id) FROM ledger_entry").query(Long.class).single();
    before = owner.sql(CONTENT + newestIdBefore).query(String.class).single();

    migrate("db/changelog/db.changelog-master.yaml");
  }

  /**
   * Three wallets and a clearing account, 1,200 deposits spread over the thirteen months before
   * this one and this one, each account's balance_after chain intact.
   */
  private static void load() {
    owner
        .sql(
            "INSERT INTO account (id, owner_id, currency, kind, balance, allow_negative,"
                + " created_at) OVERRIDING SYSTEM VALUE VALUES"
                + " (1, NULL, 'VND', 'BANK_CLEARING', 0, true, now() - interval '2 years'),"
                + " (2, 2, 'VND', 'USER', 0, false, now() - interval '2 years'),"
                + " (3, 3, 'VND', 'USER', 0, false, now() - interval '2 years'),"
                + " (4, 4, 'VND', 'USER', 0, false, now() - interval '2 years')")
        .update();
    owner
        .sql(
            "INSERT INTO journal_transaction (id, type, principal_id, idempotency_key,"
                + " request_fingerprint, created_at)"
                + " SELECT md5('tx' || g)::uuid, (ARRAY['DEPOSIT', 'TRANSFER', 'SWEEP'])[g % 3 + 1],"
                + " 0, 'key-' || g, repeat('0', 64),"
                + " date_trunc('month', now(), 'UTC') - interval '13 months'"
                + "   + (g * interval '7 hours')"
                + " FROM generate_series(1, 1200) g")
        .update();
    owner
        .sql(
            "INSERT INTO ledger_entry (transaction_id, account_id, amount, balance_after,"
                + " created_at)"
                + " SELECT t.id, v.account_id, v.amount,"
                + "  sum(v.amount) OVER (PARTITION BY v.account_id ORDER BY t.created_at, v.account_id),"
                + "  t.created_at"
                + " FROM (SELECT *, substr(idempotency_key, 5)::int AS g FROM journal_transaction) t"
                + " CROSS JOIN LATERAL (VALUES (1, -(t.g % 7 + 1)), (2 + t.g % 3, t.g % 7 + 1))"
                + "   AS v(account_id, amount)"
                + " ORDER BY t.created_at, v.account_id")
        .update();
    owner
        .sql(
            "UPDATE account a SET balance = s.total FROM (SELECT account_id, sum(amount) AS total"
                + " FROM ledger_entry GROUP BY account_id) s WHERE s.account_id = a.id")
        .update();
  }

  /** From a session west of UTC: months are UTC months whatever the migrating session's zone. */
  private static void migrate(String changelog) {
    PostgresTestDatabase.migrate(url, changelog, "America/Los_Angeles");
  }

  /** The names of the monthly partitions {@code from} to {@code to} months after this one. */
  private static List<String> monthsAhead(int from, int to) {
    return IntStream.rangeClosed(from, to)
        .mapToObj(n -> JournalMonths.partition(JournalMonths.fromNow(n)))
        .toList();
  }

  private static List<String> partitions() {
    return owner
        .sql(
            "SELECT c.relname FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid"
                + " WHERE i.inhparent = 'ledger_entry'::regclass ORDER BY c.relname")
        .query(String.class)
        .list();
  }

  @Test
  void everyEntryIsKeptUnchangedInAPartitionedJournal() {
    assertThat(owner.sql("SELECT relkind::text FROM pg_class WHERE relname = 'ledger_entry'"))
        .satisfies(q -> assertThat(q.query(String.class).single()).isEqualTo("p"));
    assertThat(owner.sql(CONTENT + newestIdBefore).query(String.class).single()).isEqualTo(before);
    assertThat(before).startsWith("2400:0:");
    // Everything before next month stays in the table it was, attached whole; months from then
    // on have partitions of their own, three ahead.
    assertThat(partitions()).contains("ledger_entry_legacy").containsAll(monthsAhead(1, 3));
    assertThat(owner.sql("SELECT count(*) FROM ledger_entry_legacy").query(Long.class).single())
        .isEqualTo(2400);
    // It ends where next month's partition begins, at a UTC midnight: no day between them.
    assertThat(
            owner
                .sql(
                    "SELECT extract(epoch FROM upper_bound)::bigint"
                        + " FROM ledger_entry_partition_bounds('ledger_entry_legacy')")
                .query(Long.class)
                .single())
        .isEqualTo(JournalMonths.start(JournalMonths.fromNow(1)));
  }

  /**
   * The migration's SQL (ledger_entry_link) and the posting code's Java (EntryHash) must agree byte
   * for byte: every migrated entry's hash is recomputed here in Java, in each account's order.
   */
  @Test
  void everyMigratedEntryCarriesTheLinkThePostingCodeComputesAndEachAccountItsChainEnd() {
    Map<Long, EntryHash> ends = new HashMap<>();
    owner
        .sql(
            "SELECT e.transaction_id, e.account_id, e.amount, e.balance_after, e.created_at,"
                + " encode(e.hash, 'hex') AS hash, a.currency FROM ledger_entry e"
                + " JOIN account a ON a.id = e.account_id WHERE e.id <= ?"
                + " ORDER BY e.account_id, e.created_at, e.id")
        .param(newestIdBefore)
        .query(
            (RowCallbackHandler)
                row -> {
                  long account = row.getLong("account_id");
                  CurrencyCode currency = CurrencyCode.of(row.getString("currency").strip());
                  EntryHash expected =
                      ends.getOrDefault(account, EntryHash.GENESIS)
                          .next(
                              row.getObject("transaction_id", UUID.class),
                              AccountId.of(account),
                              Money.of(row.getLong("amount"), currency),
                              Money.of(row.getLong("balance_after"), currency),
                              row.getObject("created_at", OffsetDateTime.class).toInstant());
                  assertThat(row.getString("hash")).isEqualTo(expected.hex());
                  ends.put(account, expected);
                });

    assertThat(ends).hasSize(4);
    ends.forEach((account, end) ->
        assertThat(
                owner
                    .sql("SELECT encode(last_hash, 'hex') FROM account WHERE id = ?")
                    .param(account)
                    .query(String.class)
                    .single())
            .isEqualTo(end.hex()));
  }

  /**
   * Changeset 030: the SQL link of version 2 (the link with a details digest, which reconciliation
   * recomputes) and the posting code's agree on the vector docs/statements.md works through, and
   * without a digest it is version 1's; the migrated transactions keep no digest, so their entries
   * stay version 1.
   */
  @Test
  void theVersionTwoLinkInSqlIsThePostingCodesAndMigratedTransactionsStayVersionOne() {
    TransactionDetails rent =
        new TransactionDetails("order-42", "Rent", Map.of("room", "12", "floor", "3"));
    UUID transaction = UUID.fromString("a7e0c5d2-1f93-4b8e-8d62-5c4f0e9b3a17");
    Instant at = Instant.parse("2026-12-01T09:05:10Z");
    EntryHash previous =
        new EntryHash("5dbecd21d6fe8362ce2de8beb7cd66595a69316d71e0cc3df3edb524829a0149");
    String link =
        "SELECT encode(ledger_entry_link(decode(?, 'hex'), ?, 42, -40000, 210000, ?,"
            + " decode(?, 'hex')), 'hex')";

    for (DetailsDigest digest : new DetailsDigest[] {rent.digest(), null}) {
      assertThat(
              owner
                  .sql(link)
                  .params(
                      previous.hex(),
                      transaction,
                      java.sql.Timestamp.from(at),
                      digest == null ? null : digest.hex())
                  .query(String.class)
                  .single())
          .isEqualTo(
              previous
                  .next(
                      transaction,
                      AccountId.of(42),
                      Money.of(-40_000, CurrencyCode.of("VND")),
                      Money.of(210_000, CurrencyCode.of("VND")),
                      at,
                      digest)
                  .hex());
    }
    assertThat(
            owner
                .sql("SELECT count(*) FROM journal_transaction WHERE details_digest IS NOT NULL")
                .query(Long.class)
                .single())
        .isZero();
  }

  /** Changeset 013: each migrated entry's kind is its transaction's type code and direction. */
  @Test
  void everyMigratedEntryCarriesTheKindOfItsTypeAndDirection() {
    assertThat(
            owner
                .sql(
                    "SELECT count(*) FILTER (WHERE e.kind = c.code * 2 + (e.amount < 0)::int)"
                        + " || ' of ' || count(*) || ' in ' || count(DISTINCT e.kind) || ' kinds'"
                        + " FROM ledger_entry e JOIN journal_transaction t ON t.id = e.transaction_id"
                        + " JOIN transaction_type_code c ON c.type = t.type WHERE e.id <= ?")
                .param(newestIdBefore)
                .query(String.class)
                .single())
        .isEqualTo("2400 of 2400 in 6 kinds");
  }

  /** Every type the domain knows can be posted: it has a code, so its entries have a kind. */
  @Test
  void everyTransactionTypeHasACode() {
    assertThat(owner.sql("SELECT type FROM transaction_type_code").query(String.class).list())
        .containsExactlyInAnyOrder(
            Arrays.stream(TransactionType.values()).map(Enum::name).toArray(String[]::new));
  }

  @Test
  void noAccountHasAnEntryLaterThanItsLastEntryTime() {
    assertThat(
            owner
                .sql(
                    "SELECT count(*) FROM account a WHERE a.last_entry_at IS NULL"
                        + " OR a.last_entry_at < (SELECT max(created_at) FROM ledger_entry e"
                        + " WHERE e.account_id = a.id AND e.id <= ?)")
                .param(newestIdBefore)
                .query(Long.class)
                .single())
        .isZero();
  }

  @Test
  void newEntriesContinueTheIdSequenceAndLandInTheirMonthsPartition() {
    long wallet = 4;
    String transaction =
        owner
            .sql(
                "INSERT INTO journal_transaction (id, type, principal_id, idempotency_key,"
                    + " request_fingerprint, created_at) VALUES (gen_random_uuid(), 'DEPOSIT', 0,"
                    + " 'after-migration', repeat('0', 64), now() + interval '40 days')"
                    + " RETURNING id::text")
            .query(String.class)
            .single();
    long id =
        owner
            .sql(
                "INSERT INTO ledger_entry (transaction_id, account_id, amount, balance_after,"
                    + " created_at, hash, kind) VALUES (?::uuid, ?, 5, 5, now() + interval '40 days',"
                    + " sha256(gen_random_uuid()::text::bytea), 2) RETURNING id")
            .params(transaction, wallet)
            .query(Long.class)
            .single();

    assertThat(id).isGreaterThan(newestIdBefore);
    assertThat(
            owner
                .sql("SELECT tableoid::regclass::text FROM ledger_entry WHERE id = ?")
                .param(id)
                .query(String.class)
                .single())
        .matches("ledger_entry_p\\d{4}_\\d{2}");
  }

  @Test
  void theMigratedJournalIsStillAppendOnly() {
    assertThatThrownBy(() ->
            owner.sql("UPDATE ledger_entry SET amount = amount + 1 WHERE account_id = 2").update())
        .hasMessageContaining("append-only");
    assertThatThrownBy(() -> owner.sql("DELETE FROM ledger_entry_legacy").update())
        .hasMessageContaining("append-only");
    assertThatThrownBy(() -> owner.sql("TRUNCATE ledger_entry").update())
        .hasMessageContaining("append-only");
    for (String partition : monthsAhead(1, 1)) {
      assertThatThrownBy(() -> owner.sql("TRUNCATE " + partition).update())
          .hasMessageContaining("append-only");
    }
  }

  @Test
  void aHistoryPageAfterACursorSkipsThePartitionsNewerThanIt() {
    String plan =
        String.join(
            "\n",
            owner
                .sql(
                    "EXPLAIN SELECT id FROM ledger_entry e WHERE e.account_id = 2"
                        + " AND e.created_at <= now() - interval '2 months'"
                        + " AND (e.created_at, e.id) < (now() - interval '2 months', 9999)"
                        + " ORDER BY e.created_at DESC, e.id DESC LIMIT 20")
                .query(String.class)
                .list());

    assertThat(plan).contains("ledger_entry_legacy").doesNotContain("ledger_entry_p");
  }

  @Test
  void maintenanceAddsOnlyMissingMonthsAndRefusesNonsense() {
    JdbcClient runtime =
        JdbcClient.create(new DriverManagerDataSource(url, PostgresTestDatabase.RUNTIME, ""));

    assertThat(runtime.sql("SELECT ledger_entry_partitions_ahead(3)").query(Integer.class).single())
        .isZero();
    assertThat(runtime.sql("SELECT ledger_entry_partitions_ahead(5)").query(Integer.class).single())
        .isEqualTo(2);
    assertThat(runtime.sql("SELECT ledger_entry_partitions_ahead(5)").query(Integer.class).single())
        .isZero();
    assertThat(partitions()).containsAll(monthsAhead(1, 5));
    assertThatThrownBy(() ->
            runtime.sql("SELECT ledger_entry_partitions_ahead(37)").query(Integer.class).single())
        .hasMessageContaining("between 0 and 36");
    // The runtime role may ask for partitions, never make or drop tables itself.
    assertThatThrownBy(() ->
            runtime
                .sql(
                    "CREATE TABLE ledger_entry_rogue PARTITION OF ledger_entry"
                        + " FOR VALUES FROM ('2100-01-01') TO ('2100-02-01')")
                .update())
        .hasStackTraceContaining("permission denied");
  }
}
