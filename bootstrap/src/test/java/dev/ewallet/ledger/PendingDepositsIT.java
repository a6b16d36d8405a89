package dev.ewallet.ledger;

import static dev.ewallet.ledger.adapter.bankiso20022.CamtFile.payment;
import static dev.ewallet.ledger.adapter.bankiso20022.CamtFile.withReference;
import static dev.ewallet.ledger.adapter.bankiso20022.CamtFile.withText;
import static org.assertj.core.api.Assertions.assertThat;

import dev.ewallet.ledger.adapter.bankiso20022.CamtFile;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/**
 * Pending deposits over HTTP on real PostgreSQL: announced without posting and shown as {@code
 * pendingIn} (its ETag changing with it), settled once by the bank's credit naming the reference,
 * failed by an operator, and every refusal a problem with its code and nothing written.
 */
class PendingDepositsIT extends LedgerIntegrationTest {

  @AfterEach
  void leaveTheBankCovered() {
    leaveSafeguardingCovered();
  }

  /** A file of the VND safeguarding account with these ids. */
  private static CamtFile ours(CamtFile file, String statementId) {
    return file.ids("MSG-" + statementId, statementId)
        .localAccount("0071000123456")
        .currency("VND");
  }

  private static String unique() {
    return UUID.randomUUID().toString().substring(0, 8);
  }

  private JsonNode account(Wallet wallet) {
    return api().get("/v1/accounts/" + wallet.id(), wallet.token()).json();
  }

  @Test
  void aPendingDepositShowsAsPendingInAndTheBanksCreditSettlesItOnce() {
    Wallet wallet = walletWith(5_000);
    String etagBefore = api().get("/v1/accounts/" + wallet.id(), wallet.token()).header("ETag");
    String reference = "TOPUP-" + unique();
    String key = ApiClient.newKey();

    ApiClient.Reply announced = announce(wallet.id(), 70_000, reference, key);
    ApiClient.Reply replayed = announce(wallet.id(), 70_000, reference, key);

    assertThat(announced.status()).as(announced.body()).isEqualTo(201);
    String id = announced.json().get("id").asText();
    assertThat(announced.header("Location")).endsWith("/v1/deposits/" + id);
    assertThat(announced.json().get("status").asText()).isEqualTo("PENDING");
    assertThat(replayed.status()).isEqualTo(201);
    assertThat(replayed.header("Idempotent-Replayed")).isEqualTo("true");
    assertThat(replayed.json().get("id").asText()).isEqualTo(id);
    JsonNode pending = account(wallet);
    assertThat(pending.get("balance").asLong()).isEqualTo(5_000);
    assertThat(pending.get("pendingIn").asLong()).isEqualTo(70_000);
    assertThat(api().get("/v1/accounts/" + wallet.id(), wallet.token()).header("ETag"))
        .isNotEqualTo(etagBefore);
    assertThat(api().get("/v1/deposits/" + id, wallet.token()).json().get("reference").asText())
        .isEqualTo(reference);

    String statementId = "STMT-" + unique();
    String xml =
        ours(CamtFile.statement(), statementId)
            .entry(
                "CRDT", "70000", withReference(payment("NOTPROVIDED", "70000", "VND"), reference))
            .balances("0", "70000")
            .xml();
    ApiClient.Reply imported = importStatement(OPERATOR, xml, "");

    assertThat(imported.status()).as(imported.body()).isEqualTo(201);
    JsonNode line = imported.json().get("statements").get(0).get("lines").get(0);
    assertThat(line.get("outcome").asText()).isEqualTo("SETTLED_DEPOSIT");
    JsonNode settled = api().get("/v1/deposits/" + id, OPERATOR).json();
    assertThat(settled.get("status").asText()).isEqualTo("SETTLED");
    assertThat(settled.get("transactionId").asText()).isEqualTo(line.get("transactionId").asText());
    JsonNode after = account(wallet);
    assertThat(after.get("balance").asLong()).isEqualTo(75_000);
    assertThat(after.get("pendingIn").asLong()).isZero();
    JsonNode deposit =
        api().get("/v1/transactions/" + settled.get("transactionId").asText(), OPERATOR).json();
    assertThat(deposit.get("type").asText()).isEqualTo("DEPOSIT");
    assertThat(deposit.get("reference").asText()).isEqualTo(reference);

    assertProblem(
        api().post("/v1/deposits/" + id + "/settle", OPERATOR, ApiClient.newKey(), null),
        409,
        "PENDING_DEPOSIT_NOT_PENDING");
    assertProblem(
        api().post("/v1/deposits/" + id + "/fail", OPERATOR, ApiClient.newKey(), null),
        409,
        "PENDING_DEPOSIT_NOT_PENDING");
    assertThat(importStatement(OPERATOR, xml, "").status()).isEqualTo(200);
    assertThat(balance(wallet.id())).isEqualTo(75_000);
    assertBooksBalance();
  }

  @Test
  void anOperatorSettlesOrFailsAPendingDepositUnderItsKey() {
    Wallet wallet = openWallet();
    String settledId =
        announce(wallet.id(), 1_000, null, ApiClient.newKey()).json().get("id").asText();
    String failedId =
        announce(wallet.id(), 2_000, null, ApiClient.newKey()).json().get("id").asText();
    assertThat(account(wallet).get("pendingIn").asLong()).isEqualTo(3_000);

    String settleKey = ApiClient.newKey();
    ApiClient.Reply settled =
        api().post("/v1/deposits/" + settledId + "/settle", OPERATOR, settleKey, null);
    ApiClient.Reply again =
        api().post("/v1/deposits/" + settledId + "/settle", OPERATOR, settleKey, null);
    String failKey = ApiClient.newKey();
    ApiClient.Reply failed =
        api()
            .post(
                "/v1/deposits/" + failedId + "/fail",
                OPERATOR,
                failKey,
                "{\"reason\":\"the payer's bank recalled it\"}");
    ApiClient.Reply failedAgain =
        api().post("/v1/deposits/" + failedId + "/fail", OPERATOR, failKey, null);

    assertThat(settled.status()).as(settled.body()).isEqualTo(200);
    assertThat(settled.json().get("status").asText()).isEqualTo("SETTLED");
    assertThat(again.status()).isEqualTo(200);
    assertThat(again.header("Idempotent-Replayed")).isEqualTo("true");
    assertThat(again.json().get("transactionId")).isEqualTo(settled.json().get("transactionId"));
    assertThat(failed.status()).as(failed.body()).isEqualTo(200);
    assertThat(failed.json().get("failureReason").asText())
        .isEqualTo("the payer's bank recalled it");
    assertThat(failedAgain.json()).isEqualTo(failed.json());
    JsonNode after = account(wallet);
    assertThat(after.get("balance").asLong()).isEqualTo(1_000);
    assertThat(after.get("pendingIn").asLong()).isZero();
  }

  @Test
  void anOperatorMatchesACreditTheRulesLeftWaitingToAPendingDeposit() {
    Wallet wallet = openWallet();
    String reference = "TOPUP-" + unique();
    String id =
        announce(wallet.id(), 9_000, reference, ApiClient.newKey()).json().get("id").asText();
    String statementId = "NTF-" + unique();
    String xml =
        ours(CamtFile.notification(), statementId)
            .entry("CRDT", "8900", withReference(payment("NOTPROVIDED", "8900", "VND"), reference))
            .xml();
    JsonNode line =
        importStatement(OPERATOR, xml, "").json().get("statements").get(0).get("lines").get(0);
    assertThat(line.get("outcome").asText()).isEqualTo("UNMATCHED");
    assertThat(line.get("reason").asText()).contains("8900 VND").contains("9000 VND");

    ApiClient.Reply resolved =
        api()
            .post(
                "/v1/bank-statements/lines/" + line.get("lineId").asLong() + "/resolution",
                OPERATOR,
                ApiClient.newKey(),
                "{\"action\":\"MATCH_DEPOSIT\",\"depositId\":\"" + id + "\"}");

    assertThat(resolved.status()).as(resolved.body()).isEqualTo(200);
    assertThat(resolved.json().get("status").asText()).isEqualTo("MATCHED");
    assertThat(resolved.json().get("depositId").asText()).isEqualTo(id);
    assertThat(balance(wallet.id())).isEqualTo(9_000);
    assertThat(account(wallet).get("pendingIn").asLong()).isZero();

    // A credit nobody announced, booked to the wallet by the operator in one step.
    String other = "NTF-" + unique();
    JsonNode unknown =
        importStatement(
                OPERATOR,
                ours(CamtFile.notification(), other).entry("CRDT", "1200", null).xml(),
                "")
            .json()
            .get("statements")
            .get(0)
            .get("lines")
            .get(0);
    ApiClient.Reply booked =
        api()
            .post(
                "/v1/bank-statements/lines/" + unknown.get("lineId").asLong() + "/resolution",
                OPERATOR,
                ApiClient.newKey(),
                "{\"action\":\"BOOK_DEPOSIT\",\"accountId\":" + wallet.id() + "}");
    assertThat(booked.status()).as(booked.body()).isEqualTo(200);
    assertThat(booked.json().get("status").asText()).isEqualTo("MATCHED");
    assertThat(
            api()
                .get("/v1/transactions/" + booked.json().get("transactionId").asText(), OPERATOR)
                .json()
                .get("type")
                .asText())
        .isEqualTo("DEPOSIT");
    assertThat(balance(wallet.id())).isEqualTo(10_200);
  }

  @Test
  void anEndOfDayCreditNamingNothingSettlesTheOnePendingDepositOfItsAmount() {
    Wallet wallet = openWallet();
    // An amount no other test announces.
    long amount = 900_000_000L + wallet.id();
    String id = announce(wallet.id(), amount, null, ApiClient.newKey()).json().get("id").asText();
    String statementId = "STMT-" + unique();
    String xml =
        ours(CamtFile.statement(), statementId)
            .valueDate(LocalDate.now(ZoneOffset.UTC))
            .entry(
                "CRDT",
                Long.toString(amount),
                withText(payment("NOTPROVIDED", Long.toString(amount), "VND"), "from a friend"))
            .balances("0", Long.toString(amount))
            .xml();

    JsonNode line =
        importStatement(OPERATOR, xml, "").json().get("statements").get(0).get("lines").get(0);

    assertThat(line.get("outcome").asText()).isEqualTo("SETTLED_DEPOSIT");
    assertThat(line.get("depositId").asText()).isEqualTo(id);
    assertThat(balance(wallet.id())).isEqualTo(amount);
    assertThat(api().get("/v1/deposits/" + id, OPERATOR).json().get("status").asText())
        .isEqualTo("SETTLED");
  }

  @Test
  void everyRefusalIsAProblemWithItsCodeAndWritesNothing() {
    Wallet wallet = openWallet();
    String reference = "TOPUP-" + unique();
    assertThat(announce(wallet.id(), 1_000, reference, ApiClient.newKey()).status()).isEqualTo(201);

    assertProblem(
        announce(wallet.id(), 1_000, reference, ApiClient.newKey()), 409, "DUPLICATE_REFERENCE");
    assertProblem(
        api()
            .post(
                "/v1/deposits",
                OPERATOR,
                ApiClient.newKey(),
                "{\"accountId\":" + wallet.id() + ",\"amount\":1,\"status\":\"MAYBE\"}"),
        400,
        "VALIDATION_FAILED");
    assertProblem(
        api()
            .post(
                "/v1/deposits",
                wallet.token(),
                ApiClient.newKey(),
                "{\"accountId\":" + wallet.id() + ",\"amount\":1,\"status\":\"PENDING\"}"),
        403,
        "FORBIDDEN");
    assertProblem(announce(wallet.id(), 0, null, ApiClient.newKey()), 400, "VALIDATION_FAILED");
    assertProblem(announce(wallet.id(), 1, null, null), 400, "IDEMPOTENCY_KEY_MISSING");
    String key = ApiClient.newKey();
    assertThat(announce(wallet.id(), 5, null, key).status()).isEqualTo(201);
    assertProblem(announce(wallet.id(), 6, null, key), 422, "IDEMPOTENCY_KEY_REUSED");
    // One key space for the endpoint: the pending deposit's key posts nothing, and a posted one's
    // key announces nothing.
    String postedKey = ApiClient.newKey();
    String posted = "{\"accountId\":" + wallet.id() + ",\"amount\":5}";
    assertProblem(api().post("/v1/deposits", OPERATOR, key, posted), 422, "IDEMPOTENCY_KEY_REUSED");
    assertThat(api().post("/v1/deposits", OPERATOR, postedKey, posted).status()).isEqualTo(201);
    assertProblem(announce(wallet.id(), 5, null, postedKey), 422, "IDEMPOTENCY_KEY_REUSED");
    assertProblem(
        api().get("/v1/deposits/" + UUID.randomUUID(), OPERATOR), 404, "PENDING_DEPOSIT_NOT_FOUND");
    assertProblem(api().get("/v1/deposits/not-a-uuid", OPERATOR), 400, "VALIDATION_FAILED");
    assertProblem(
        api()
            .post(
                "/v1/deposits/" + UUID.randomUUID() + "/settle",
                OPERATOR,
                ApiClient.newKey(),
                null),
        404,
        "PENDING_DEPOSIT_NOT_FOUND");
    assertProblem(
        api()
            .post(
                "/v1/deposits/" + UUID.randomUUID() + "/fail",
                OPERATOR,
                ApiClient.newKey(),
                "{\"reason\":\"" + "x".repeat(501) + "\"}"),
        400,
        "VALIDATION_FAILED");
    assertThat(account(wallet).get("pendingIn").asLong()).isEqualTo(1_005);
    assertThat(balance(wallet.id())).isEqualTo(5);
  }
}
