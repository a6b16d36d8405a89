package dev.ewallet.ledger.adapter.persistence.schema;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ewallet.ledger.adapter.persistence.PersistenceIntegrationTest;
import dev.ewallet.ledger.adapter.persistence.testing.PostgresTestDatabase;
import dev.ewallet.ledger.domain.account.AccountId;
import dev.ewallet.ledger.domain.journal.HistoryFilter;
import dev.ewallet.ledger.domain.port.out.AccountReads;
import dev.ewallet.ledger.domain.port.out.LedgerAudit;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Instant;
import java.time.YearMonth;
import java.util.Arrays;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * Retention (ADR 0012): the oldest month of entries leaves the journal for the archive schema with
 * each account's totals of it kept, so reconciliation still balances and each balance_after chain
 * still follows on; the archive stays append-only; only a finished month, oldest first, and only by
 * the owner.
 */
class JournalArchiveIT extends PersistenceIntegrationTest {

  @Autowired JdbcClient runtime;
  @Autowired LedgerAudit audit;
  @Autowired AccountReads reads;

  private final JdbcClient owner = JdbcClient.create(PostgresTestDatabase.owner());

  @TempDir Path dumps;

  private long account(String kind, Long ownerId, long balance) {
    return owner
        .sql(
            "INSERT INTO account (owner_id, currency, kind, balance, allow_negative, created_at,"
                + " last_entry_at) VALUES (?, 'ISK', ?, ?, ?, '2001-01-01Z', now()) RETURNING id")
        .params(ownerId, kind, balance, ownerId == null)
        .query(Long.class)
        .single();
  }

  /** One two-legged transaction at {@code at}, written as the posting path would. */
  private void post(String at, long from, long fromAfter, long to, long toAfter, long amount) {
    UUID transaction = UUID.randomUUID();
    owner
        .sql(
            "INSERT INTO journal_transaction (id, type, principal_id, idempotency_key,"
                + " request_fingerprint, created_at) VALUES (?, 'DEPOSIT', 0, ?, ?, ?::timestamptz)")
        .params(transaction, "archive-" + transaction, "0".repeat(64), at)
        .update();
    owner
        .sql(
            "INSERT INTO ledger_entry (transaction_id, account_id, amount, balance_after,"
                + " created_at, hash, kind) VALUES (?, ?, ?, ?, ?::timestamptz, sha256(gen_random_uuid()::text::bytea), 3),"
                + " (?, ?, ?, ?, ?::timestamptz, sha256(gen_random_uuid()::text::bytea), 2)")
        .params(transaction, from, -amount, fromAfter, at, transaction, to, amount, toAfter, at)
        .update();
  }

  private long archive(String partition) {
    return owner
        .sql("SELECT ledger_archive_entry_partition(?)")
        .param(partition)
        .query(Long.class)
        .single();
  }

  /** Runs ops/partitions/archive.sh as an operator would, against the test database. */
  private String archiveScript(String partition) throws IOException, InterruptedException {
    String url = PostgresTestDatabase.url();
    String[] hostAndPort = PostgresTestDatabase.hostAndPort().split(":");
    ProcessBuilder command =
        new ProcessBuilder("bash", "../ops/partitions/archive.sh", partition, dumps.toString())
            .redirectErrorStream(true);
    command.environment().put("PGHOST", hostAndPort[0]);
    command.environment().put("PGPORT", hostAndPort[1]);
    command.environment().put("PGDATABASE", url.substring(url.lastIndexOf('/') + 1));
    command.environment().put("LEDGER_DB_OWNER", PostgresTestDatabase.OWNER);
    Process process = command.start();
    String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(process.waitFor()).as(output).isZero();
    return output;
  }

  private boolean reconciles(long... accounts) {
    return audit.entrySumsByCurrency().get("ISK") == 0
        && audit.accountMismatches(10_000).stream()
            .noneMatch(m -> Arrays.stream(accounts).anyMatch(a -> a == m.accountId()));
  }

  @Test
  void theOldestFinishedMonthIsArchivedAndTheBooksStillBalance() throws Exception {
    for (String month : new String[] {"2001_01", "2001_02"}) {
      owner
          .sql(
              "CREATE TABLE ledger_entry_p"
                  + month
                  + " PARTITION OF ledger_entry FOR VALUES FROM ('"
                  + month.replace('_', '-')
                  + "-01Z') TO ('"
                  + YearMonth.parse(month.replace('_', '-')).plusMonths(1)
                  + "-01Z')")
          .update();
    }
    long clearing = account("BANK_CLEARING", null, -55);
    long wallet = account("USER", 4_401L, 55);
    post("2001-01-10Z", clearing, -100, wallet, 100, 100);
    post("2001-01-20Z", wallet, 70, clearing, -70, 30);
    post("2001-02-05Z", wallet, 50, clearing, -50, 20);
    post(Instant.now().toString(), clearing, -55, wallet, 55, 5);
    assertThat(reconciles(clearing, wallet)).isTrue();

    assertThatThrownBy(() -> archive("ledger_entry_p2001_02"))
        .hasMessageContaining("not the oldest");
    String currentPartition = JournalMonths.partition(JournalMonths.fromNow(0));
    assertThatThrownBy(() -> archive(currentPartition)).hasMessageContaining("not over");
    assertThatThrownBy(() -> archive("account")).hasMessageContaining("not a partition");
    assertThatThrownBy(() ->
            runtime
                .sql("SELECT ledger_archive_entry_partition('ledger_entry_p2001_01')")
                .query(Long.class)
                .single())
        .hasStackTraceContaining("permission denied");

    assertThat(archive("ledger_entry_p2001_01")).isEqualTo(4);
    // The operator's command: the next month out, dumped to a file that holds every row.
    assertThat(archiveScript("ledger_entry_p2001_02"))
        .contains(
            "moved 2 entries", "dumped 2 rows", "DROP TABLE ledger_archive.ledger_entry_p2001_02");
    assertThat(dumps.resolve("ledger_entry_p2001_02.dump")).isNotEmptyFile();

    // The books still balance and the wallet's chain follows on from the archived 50.
    assertThat(reconciles(clearing, wallet)).isTrue();
    assertThat(
            owner
                .sql(
                    "SELECT entries || ':' || amount || ':' || last_balance_after"
                        + " FROM ledger_entry_archived WHERE account_id = ? ORDER BY last_entry_id")
                .param(wallet)
                .query(String.class)
                .list())
        .containsExactly("2:70:70", "1:-20:50");
    assertThat(
            reads
                .history(AccountId.of(wallet), HistoryFilter.NONE, null, 10)
                .orElseThrow()
                .entries())
        .singleElement()
        .satisfies(e -> assertThat(e.balanceAfter().amountMinor()).isEqualTo(55));
    // The archive keeps every row, apart from the journal, and refuses edits as the journal does.
    assertThat(
            owner
                .sql("SELECT count(*) FROM ledger_archive.ledger_entry_p2001_01")
                .query(Long.class)
                .single())
        .isEqualTo(4);
    assertThatThrownBy(
            () -> owner.sql("UPDATE ledger_archive.ledger_entry_p2001_01 SET amount = 1").update())
        .hasMessageContaining("append-only");
    assertThatThrownBy(() ->
            owner
                .sql("DELETE FROM ledger_entry_archived WHERE account_id = ?")
                .param(wallet)
                .update())
        .hasMessageContaining("append-only");
  }
}
