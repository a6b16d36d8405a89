package dev.ewallet.ledger;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.springframework.dao.DataAccessException;
import tools.jackson.databind.JsonNode;

/**
 * Erasing a user's personal data over HTTP on PostgreSQL (docs/lifecycle.md#erasure): a string
 * planted in every free-text field the user's money touched (descriptions, metadata values, an
 * operator's reason, a pending deposit, a scheduled transfer) is found nowhere in any text column
 * of any table afterwards, while amounts, references and hashes stay, both wallets still verify,
 * reconciliation still holds, and the journal refuses any other edit.
 */
class ErasureIT extends LedgerIntegrationTest {

  private static String erasure(long userId) {
    return "/v1/users/" + userId + "/erasure";
  }

  /** Every row of every table whose text, JSON, array or binary column holds {@code planted}. */
  private List<String> tablesHolding(String planted) {
    List<String> found = new ArrayList<>();
    asOwner
        .sql(
            "SELECT c.table_schema, c.table_name, c.column_name, c.data_type"
                + " FROM information_schema.columns c JOIN information_schema.tables t"
                + " ON t.table_schema = c.table_schema AND t.table_name = c.table_name"
                + " WHERE t.table_type = 'BASE TABLE'"
                + " AND c.table_schema NOT IN ('pg_catalog', 'information_schema')"
                + " AND c.data_type IN ('text', 'character varying', 'character', 'json', 'jsonb',"
                + " 'ARRAY', 'bytea')")
        .query((row, n) ->
            List.of(
                row.getString("table_schema"),
                row.getString("table_name"),
                row.getString("column_name"),
                row.getString("data_type")))
        .list()
        .forEach(column -> {
          String where =
              column.get(3).equals("bytea")
                  ? "position(convert_to(?, 'UTF8') IN %s) > 0"
                  : "strpos(%s::text, ?) > 0";
          long rows =
              asOwner
                  .sql(
                      "SELECT count(*) FROM %s.%s WHERE "
                              .formatted(quoted(column.get(0)), quoted(column.get(1)))
                          + where.formatted(quoted(column.get(2))))
                  .param(planted)
                  .query(Long.class)
                  .single();
          if (rows > 0) {
            found.add(column.get(1) + "." + column.get(2) + " (" + rows + ")");
          }
        });
    return found;
  }

  private static String quoted(String identifier) {
    return "\"" + identifier.replace("\"", "\"\"") + "\"";
  }

  /** A deposit to the wallet (or its announcement) with these fields besides the account. */
  private ApiClient.Reply deposit(Wallet wallet, String fields) {
    ApiClient.Reply reply =
        api()
            .post(
                "/v1/deposits",
                OPERATOR,
                ApiClient.newKey(),
                "{\"accountId\":" + wallet.id() + "," + fields + "}");
    assertThat(reply.status()).as(reply.body()).isEqualTo(201);
    return reply;
  }

  private List<JsonNode> entries(Wallet wallet) {
    ApiClient.Reply reply = api().get("/v1/accounts/" + wallet.id() + "/entries", OPERATOR);
    assertThat(reply.status()).as(reply.body()).isEqualTo(200);
    List<JsonNode> items = new ArrayList<>();
    reply.json().get("items").forEach(items::add);
    return items;
  }

  private void assertVerified(Wallet wallet) {
    JsonNode verified = api().get("/v1/accounts/" + wallet.id() + "/verification", OPERATOR).json();
    assertThat(verified.get("verified").asBoolean()).as(verified.toString()).isTrue();
  }

  @Test
  void aPlantedStringIsFoundNowhereAfterErasureWhileTheBooksAndChainsStillHold() {
    String planted = "Anna-" + UUID.randomUUID();
    Wallet anna = openWallet();
    Wallet shop = openWallet();
    ApiClient.Reply deposited =
        deposit(
            anna,
            "\"amount\":50000,\"reference\":\"dep-"
                + planted.substring(5, 13)
                + "\",\"description\":\"salary for "
                + planted
                + "\",\"metadata\":{\"payer\":\""
                + planted
                + "\",\"channel\":\"bank\"}");
    ApiClient.Reply paid =
        transferWith(
            anna,
            shop.id(),
            12_000,
            ",\"reference\":\"order-77\",\"description\":\"gift from " + planted + "\"");
    assertThat(paid.status()).as(paid.body()).isEqualTo(201);
    String payment = paid.json().get("transactionId").asText();
    ApiClient.Reply refund =
        api()
            .post(
                "/v1/transactions/" + payment + "/refunds",
                OPERATOR,
                ApiClient.newKey(),
                "{\"amount\":2000,\"reason\":\"complaint by " + planted + "\"}");
    assertThat(refund.status()).as(refund.body()).isEqualTo(201);
    deposit(anna, "\"amount\":700,\"status\":\"PENDING\",\"description\":\"from " + planted + "\"");
    ApiClient.Reply scheduled =
        api()
            .post(
                "/v1/scheduled-transfers",
                anna.token(),
                ApiClient.newKey(),
                "{\"fromAccountId\":"
                    + anna.id()
                    + ",\"toAccountId\":"
                    + shop.id()
                    + ",\"amount\":100,\"firstAt\":\"2033-01-01T00:00:00Z\",\"description\":\"rent "
                    + planted
                    + "\",\"metadata\":{\"note\":\""
                    + planted
                    + "\"}}");
    assertThat(scheduled.status()).as(scheduled.body()).isEqualTo(201);
    List<JsonNode> before = entries(anna);
    assertThat(tablesHolding(planted)).isNotEmpty();
    ApiClient.Reply checkpointBefore = api().post("/v1/checkpoints", OPERATOR, null, null);
    assertThat(checkpointBefore.status()).as(checkpointBefore.body()).isEqualTo(201);

    assertProblem(api().post(erasure(anna.owner()), anna.token(), null, null), 403, "FORBIDDEN");
    assertProblem(api().post(erasure(0), OPERATOR, null, null), 400, "VALIDATION_FAILED");
    ApiClient.Reply erased = api().post(erasure(anna.owner()), OPERATOR, null, null);

    assertThat(erased.status()).as(erased.body()).isEqualTo(200);
    assertThat(erased.json().get("userId").asLong()).isEqualTo(anna.owner());
    assertThat(erased.json().get("transactions").asInt()).isEqualTo(3);
    assertThat(erased.json().get("pendingDeposits").asInt()).isEqualTo(1);
    assertThat(erased.json().get("scheduledTransfers").asInt()).isEqualTo(1);
    assertThat(tablesHolding(planted)).as("tables still holding the planted string").isEmpty();

    List<JsonNode> after = entries(anna);
    assertThat(after).hasSameSizeAs(before);
    for (int i = 0; i < after.size(); i++) {
      JsonNode was = before.get(i);
      JsonNode is = after.get(i);
      for (String kept :
          List.of("entryId", "transactionId", "amount", "balanceAfter", "hash", "detailsDigest")) {
        assertThat(is.get(kept)).as(kept).isEqualTo(was.get(kept));
      }
      assertThat(is.get("reference")).isEqualTo(was.get("reference"));
    }
    String depositId = deposited.json().get("transactionId").asText();
    JsonNode deposit =
        after.stream()
            .filter(entry -> entry.get("transactionId").asText().equals(depositId))
            .findFirst()
            .orElseThrow();
    assertThat(deposit.get("description").asText()).isEqualTo("[erased]");
    assertThat(deposit.get("detailsErased").asBoolean()).isTrue();
    Map<String, String> metadata = new TreeMap<>();
    deposit
        .get("metadata")
        .properties()
        .forEach(f -> metadata.put(f.getKey(), f.getValue().asText()));
    assertThat(metadata)
        .containsExactly(Map.entry("channel", "[erased]"), Map.entry("payer", "[erased]"));
    JsonNode shopSide =
        entries(shop).stream()
            .filter(entry -> entry.get("transactionId").asText().equals(payment))
            .findFirst()
            .orElseThrow();
    assertThat(shopSide.get("description").asText()).isEqualTo("[erased]");
    assertThat(shopSide.get("reference").asText()).isEqualTo("order-77");
    JsonNode refunded =
        api()
            .get("/v1/transactions/" + refund.json().get("transactionId").asText(), OPERATOR)
            .json();
    assertThat(refunded.get("reason").asText()).isEqualTo("[erased]");
    assertThat(
            api()
                .get("/v1/scheduled-transfers/" + scheduled.json().get("id").asText(), anna.token())
                .json()
                .get("description")
                .asText())
        .isEqualTo("[erased]");
    assertVerified(anna);
    assertVerified(shop);
    assertBooksBalance();
    // The next checkpoint must extend the one before erasure by exactly the entries since: it
    // refuses to sign when any chain or leaf differs from what the one before signed.
    ApiClient.Reply checkpointAfter = api().post("/v1/checkpoints", OPERATOR, null, null);
    assertThat(checkpointAfter.status()).as(checkpointAfter.body()).isEqualTo(201);

    ApiClient.Reply again = api().post(erasure(anna.owner()), OPERATOR, null, null);
    assertThat(again.status()).isEqualTo(200);
    assertThat(again.json().get("transactions").asInt()).isZero();
    assertThat(again.json().get("pendingDeposits").asInt()).isZero();
    assertThat(again.json().get("scheduledTransfers").asInt()).isZero();
    assertThat(
            jdbc.sql(
                    "SELECT count(*) FROM personal_data_erasure WHERE user_id = ?"
                        + " AND requested_by = ?")
                .params(anna.owner(), OPERATOR_ID)
                .query(Long.class)
                .single())
        .isEqualTo(2);
    // The audit trail is written beside the request, not in it.
    await(
        () ->
            jdbc.sql(
                        "SELECT count(*) FROM audit_event WHERE path = ? AND method = 'POST'"
                            + " AND status = 200 AND operator")
                    .param(erasure(anna.owner()))
                    .query(Long.class)
                    .single()
                == 2,
        Duration.ofSeconds(30),
        "both erasures in the audit trail");
  }

  /**
   * Edits as the schema's owner, whose privileges allow them all, meet the trigger; the erasure
   * goes as the service's role, which may update only the erasable columns.
   */
  @Test
  void theJournalRefusesEveryEditButTheErasureOfDetailsOnce() {
    Wallet wallet = openWallet();
    ApiClient.Reply paid =
        deposit(wallet, "\"amount\":900,\"description\":\"note\",\"metadata\":{\"k\":\"v\"}");
    UUID transaction = UUID.fromString(paid.json().get("transactionId").asText());

    for (String edit :
        List.of(
            "description = 'changed'",
            "description = '[erased]', metadata = '{\"k\": \"[erased]\"}', reference = 'x',"
                + " details_erased_at = now()",
            "description = '[erased]', details_erased_at = now()",
            "details_digest = NULL")) {
      assertThatThrownBy(() ->
              asOwner
                  .sql("UPDATE journal_transaction SET " + edit + " WHERE id = ?")
                  .param(transaction)
                  .update())
          .as(edit)
          .isInstanceOf(DataAccessException.class)
          .hasMessageContaining("append-only");
    }
    assertThat(
            jdbc.sql(
                    "UPDATE journal_transaction SET description = '[erased]',"
                        + " metadata = ledger_erased_metadata(metadata), details_erased_at = now()"
                        + " WHERE id = ?")
                .param(transaction)
                .update())
        .isEqualTo(1);
    assertThatThrownBy(() ->
            asOwner
                .sql("UPDATE journal_transaction SET details_erased_at = now() WHERE id = ?")
                .param(transaction)
                .update())
        .hasMessageContaining("append-only");
    assertThatThrownBy(() ->
            asOwner.sql("DELETE FROM journal_transaction WHERE id = ?").param(transaction).update())
        .hasMessageContaining("append-only");
    assertVerified(wallet);
  }
}
