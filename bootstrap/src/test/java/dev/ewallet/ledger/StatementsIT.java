package dev.ewallet.ledger;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ewallet.ledger.domain.port.in.StatementQuery;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
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

  private static final Path DEPOSITS_OF_ONE = Path.of("..", "bench", "deposits-of-one.sql");

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

    ApiClient.Reply reply = statementCsv(wallet.id(), from, to, wallet.token());

    assertThat(reply.status()).as(reply.body()).isEqualTo(200);
    assertThat(reply.header("Content-Type")).startsWith("text/csv");
    assertThat(reply.header("Statement-Opening-Balance")).isEqualTo("0");
    assertThat(reply.header("Statement-Closing-Balance")).isEqualTo("8766");
    assertThat(reply.header("Statement-Entry-Count")).isEqualTo("2");
    List<String> lines = reply.body().lines().toList();
    assertThat(lines)
        .containsExactly(
            "entryId,transactionId,type,createdAt,amount,balanceAfter,currency,reference,"
                + "description,metadata,hash,detailsDigest,detailsErased",
            entries.get(0).get("entryId").asLong()
                + ","
                + entries.get(0).get("transactionId").asText()
                + ",DEPOSIT,"
                + entries.get(0).get("createdAt").asText()
                + ",10000,10000,VND,,,,"
                + entries.get(0).get("hash").asText()
                + ",,false",
            entries.get(1).get("entryId").asLong()
                + ","
                + paid.json().get("transactionId").asText()
                + ",TRANSFER,"
                + entries.get(1).get("createdAt").asText()
                + ",-1234,8766,VND,\"'=HYPERLINK(\"\"x\"\")\",\"Phở, \"\"tái\"\"\",a=1;b=2,"
                + entries.get(1).get("hash").asText()
                + ","
                + entries.get(1).get("detailsDigest").asText()
                + ",false");
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
    ApiClient.Reply all = statementCsv(wallet.id(), from, to, wallet.token());
    assertThat(all.status()).isEqualTo(200);
    assertThat(all.body().lines().count()).isEqualTo(StatementQuery.MAX_ENTRIES + 2);
    assertThat(
            all.body().lines().skip(1).mapToLong(line -> Long.parseLong(line.split(",")[4])).sum())
        .isEqualTo(StatementQuery.MAX_ENTRIES + 1);
  }

  /**
   * Books {@code count} deposits of 1 to the wallet in one database transaction, as the schema's
   * owner, with bench/deposits-of-one.sql: the books still reconcile. Ten thousand deposits over
   * HTTP would take this test most of a minute.
   */
  private void depositsOfOne(Wallet wallet, int count) throws IOException {
    asOwner
        .sql(Files.readString(DEPOSITS_OF_ONE))
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
        statementCsv(wallet.id(), now.minusSeconds(60), now, openWallet().token()),
        403,
        "FORBIDDEN");
    assertProblem(
        api().get(statementPath(wallet.id(), now, now), wallet.token()), 400, "VALIDATION_FAILED");
    assertProblem(
        statementCsv(wallet.id(), now, now.minusSeconds(1), wallet.token()),
        400,
        "VALIDATION_FAILED");
    assertThat(
            api()
                .get("/v1/accounts/" + wallet.id() + "/statement?from=" + now, wallet.token())
                .status())
        .isEqualTo(400);
  }
}
