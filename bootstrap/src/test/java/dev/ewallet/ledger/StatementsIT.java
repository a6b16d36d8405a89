package dev.ewallet.ledger;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ewallet.ledger.domain.port.in.StatementQuery;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/**
 * {@code GET /v1/accounts/{id}/statement} over HTTP, as JSON and as CSV: a busy period and an empty
 * one, the totals and the balances at both ends, entries oldest first, CSV that quotes what it must
 * and runs no formula, the 10,000-entry bound of JSON that CSV does not have, and the caller's
 * right checked before anything streams.
 */
class StatementsIT extends LedgerIntegrationTest {

  private String statementPath(long accountId, Instant from, Instant to) {
    return "/v1/accounts/" + accountId + "/statement?from=" + from + "&to=" + to;
  }

  private ApiClient.Reply csv(long accountId, Instant from, Instant to, String token) {
    return api()
        .send(
            api()
                .request(statementPath(accountId, from, to), token)
                .header("Accept", "text/csv")
                .GET());
  }

  private List<JsonNode> oldestFirst(Wallet wallet) {
    List<JsonNode> entries = new ArrayList<>();
    api()
        .get("/v1/accounts/" + wallet.id() + "/entries", wallet.token())
        .json()
        .get("items")
        .forEach(entries::add);
    return entries.reversed();
  }

  private static Instant timeOf(JsonNode entry) {
    return Instant.parse(entry.get("createdAt").asText());
  }

  @Test
  void aStatementHasTheBalancesAtBothEndsTheTotalsAndTheEntriesOldestFirst() {
    Wallet wallet = walletWith(10_000);
    Wallet other = walletWith(5_000);
    assertThat(transfer(wallet, other.id(), 2_500, ApiClient.newKey()).status()).isEqualTo(201);
    assertThat(transfer(other, wallet.id(), 1_000, ApiClient.newKey()).status()).isEqualTo(201);
    assertThat(transfer(wallet, other.id(), 300, ApiClient.newKey()).status()).isEqualTo(201);
    List<JsonNode> entries = oldestFirst(wallet);
    Instant from = timeOf(entries.get(1));
    Instant to = timeOf(entries.get(3));

    JsonNode statement = api().get(statementPath(wallet.id(), from, to), wallet.token()).json();

    assertThat(statement.get("accountId").asLong()).isEqualTo(wallet.id());
    assertThat(statement.get("currency").asText()).isEqualTo("VND");
    assertThat(Instant.parse(statement.get("from").asText())).isEqualTo(from);
    assertThat(Instant.parse(statement.get("to").asText())).isEqualTo(to);
    assertThat(statement.get("openingBalance").asLong()).isEqualTo(10_000);
    assertThat(statement.get("totalCredits").asLong()).isEqualTo(1_000);
    assertThat(statement.get("totalDebits").asLong()).isEqualTo(2_500);
    assertThat(statement.get("closingBalance").asLong()).isEqualTo(8_500);
    assertThat(statement.get("entryCount").asLong()).isEqualTo(2);
    assertThat(statement.get("entries")).hasSize(2);
    assertThat(statement.get("entries").get(0).get("entryId"))
        .isEqualTo(entries.get(1).get("entryId"));
    assertThat(statement.get("entries").get(1).get("amount").asLong()).isEqualTo(1_000);

    Instant later = timeOf(entries.get(3)).plus(1, ChronoUnit.MICROS);
    JsonNode empty =
        api().get(statementPath(wallet.id(), later, later.plusSeconds(3_600)), OPERATOR).json();
    assertThat(empty.get("openingBalance").asLong()).isEqualTo(8_200);
    assertThat(empty.get("closingBalance").asLong()).isEqualTo(8_200);
    assertThat(empty.get("entryCount").asLong()).isZero();
    assertThat(empty.get("entries")).isEmpty();
  }

  @Test
  void theCsvStatementIsTheSameEntriesQuotedAsTheyMustBeAndRunsNoFormula() {
    Wallet wallet = walletWith(10_000);
    Wallet payee = openWallet();
    ApiClient.Reply paid =
        api()
            .post(
                "/v1/transfers",
                wallet.token(),
                ApiClient.newKey(),
                transferBody(
                    wallet,
                    payee.id(),
                    1_234,
                    ",\"reference\":\"=HYPERLINK(\\\"x\\\")\",\"description\":\"Phở, \\\"tái\\\"\","
                        + "\"metadata\":{\"b\":\"2\",\"a\":\"1\"}"));
    assertThat(paid.status()).as(paid.body()).isEqualTo(201);
    List<JsonNode> entries = oldestFirst(wallet);
    Instant from = timeOf(entries.getFirst());
    Instant to = timeOf(entries.getLast()).plusSeconds(1);

    ApiClient.Reply reply = csv(wallet.id(), from, to, wallet.token());

    assertThat(reply.status()).as(reply.body()).isEqualTo(200);
    assertThat(reply.header("Content-Type")).startsWith("text/csv");
    assertThat(reply.header("Statement-Opening-Balance")).isEqualTo("0");
    assertThat(reply.header("Statement-Closing-Balance")).isEqualTo("8766");
    assertThat(reply.header("Statement-Entry-Count")).isEqualTo("2");
    List<String> lines = reply.body().lines().toList();
    assertThat(lines)
        .containsExactly(
            "entryId,transactionId,type,createdAt,amount,balanceAfter,currency,reference,"
                + "description,metadata",
            entries.get(0).get("entryId").asLong()
                + ","
                + entries.get(0).get("transactionId").asText()
                + ",DEPOSIT,"
                + entries.get(0).get("createdAt").asText()
                + ",10000,10000,VND,,,",
            entries.get(1).get("entryId").asLong()
                + ","
                + paid.json().get("transactionId").asText()
                + ",TRANSFER,"
                + entries.get(1).get("createdAt").asText()
                + ",-1234,8766,VND,\"'=HYPERLINK(\"\"x\"\")\",\"Phở, \"\"tái\"\"\",a=1;b=2");
  }

  @Test
  void aJsonStatementOfMoreThanTenThousandEntriesIsRefusedWhileCsvStreamsThemAll()
      throws Exception {
    Wallet wallet = openWallet();
    Instant from = Instant.now().minusSeconds(1);
    int entries = StatementQuery.MAX_ENTRIES + 1;
    depositsOfOne(wallet, entries);
    Instant to = Instant.now().plusSeconds(60);

    assertProblem(
        api().get(statementPath(wallet.id(), from, to), wallet.token()),
        422,
        "STATEMENT_TOO_LARGE");
    ApiClient.Reply all = csv(wallet.id(), from, to, wallet.token());
    assertThat(all.status()).isEqualTo(200);
    assertThat(all.body().lines().count()).isEqualTo(StatementQuery.MAX_ENTRIES + 2);
    assertThat(
            all.body().lines().skip(1).mapToLong(line -> Long.parseLong(line.split(",")[4])).sum())
        .isEqualTo(StatementQuery.MAX_ENTRIES + 1);
  }

  /**
   * Books {@code count} deposits of 1 to the wallet in one database transaction, as the schema's
   * owner: each a transaction of two entries against the clearing account, with the balances and
   * every {@code balance_after} as posting leaves them, so the books still reconcile. Ten thousand
   * deposits over HTTP would take this test most of a minute.
   */
  private void depositsOfOne(Wallet wallet, int count) {
    asOwner
        .sql(
            """
            WITH clearing AS (
              SELECT id, balance FROM account
              WHERE kind = 'BANK_CLEARING' AND currency = 'VND' AND owner_id IS NULL FOR UPDATE),
            wallet AS (SELECT id, balance FROM account WHERE id = :wallet FOR UPDATE),
            booked AS (
              INSERT INTO journal_transaction
                (id, type, principal_id, idempotency_key, request_fingerprint, created_at)
              SELECT gen_random_uuid(), 'DEPOSIT', 0, 'statement-it-' || gen_random_uuid(),
                repeat('0', 64), clock_timestamp()
              FROM generate_series(1, :count) RETURNING id, created_at),
            numbered AS (
              SELECT id, created_at, row_number() OVER (ORDER BY created_at, id) AS n FROM booked),
            entries AS (
              INSERT INTO ledger_entry (transaction_id, account_id, amount, balance_after, created_at)
              SELECT e.transaction_id, e.account_id, e.amount, e.balance_after, e.created_at
              FROM (
                SELECT b.id AS transaction_id, c.id AS account_id, -1 AS amount,
                  c.balance - b.n AS balance_after, b.created_at, b.n, 0 AS side
                FROM numbered b, clearing c
                UNION ALL
                SELECT b.id, w.id, 1, w.balance + b.n, b.created_at, b.n, 1
                FROM numbered b, wallet w) e
              ORDER BY e.n, e.side
              RETURNING account_id, created_at)
            UPDATE account a SET balance = a.balance + CASE WHEN a.id = :wallet THEN :count
                ELSE -:count END,
              last_entry_at = (SELECT max(created_at) FROM entries)
            WHERE a.id = :wallet OR a.id = (SELECT id FROM clearing)
            """)
        .param("wallet", wallet.id())
        .param("count", count)
        .update();
  }

  @Test
  void aStrangerABadPeriodOrAMissingBoundIsRefusedAsAProblemEvenWhenCsvIsAsked() {
    Wallet wallet = walletWith(100);
    Instant now = Instant.now();

    assertProblem(
        api().get(statementPath(wallet.id(), now.minusSeconds(60), now), openWallet().token()),
        403,
        "FORBIDDEN");
    assertProblem(
        csv(wallet.id(), now.minusSeconds(60), now, openWallet().token()), 403, "FORBIDDEN");
    assertProblem(
        api().get(statementPath(wallet.id(), now, now), wallet.token()), 400, "VALIDATION_FAILED");
    assertProblem(
        csv(wallet.id(), now, now.minusSeconds(1), wallet.token()), 400, "VALIDATION_FAILED");
    assertThat(
            api()
                .get("/v1/accounts/" + wallet.id() + "/statement?from=" + now, wallet.token())
                .status())
        .isEqualTo(400);
  }
}
