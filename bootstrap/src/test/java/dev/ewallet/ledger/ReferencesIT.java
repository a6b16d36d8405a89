package dev.ewallet.ledger;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/**
 * References, descriptions and metadata over HTTP, as the contract states them: limits, part of the
 * fingerprint, stored and shown on the transaction and on every history entry, a deposit's
 * reference unique per currency even under concurrency, and transactions found by reference.
 */
class ReferencesIT extends LedgerIntegrationTest {

  private static String quoted(String text) {
    return "\"" + text + "\"";
  }

  private ApiClient.Reply depositWith(long accountId, long amount, String key, String details) {
    return api()
        .post(
            "/v1/deposits",
            OPERATOR,
            key,
            "{\"accountId\":" + accountId + ",\"amount\":" + amount + details + "}");
  }

  private static String uniqueReference() {
    return "bank-credit-" + System.nanoTime();
  }

  @Test
  void aTransactionsDetailsAreShownOnItAndOnEveryHistoryEntry() {
    Wallet payer = openWallet();
    Wallet payee = openWallet();
    String reference = uniqueReference();
    ApiClient.Reply deposited =
        depositWith(
            payer.id(),
            50_000,
            ApiClient.newKey(),
            ",\"reference\":\""
                + reference
                + "\",\"description\":\"Nạp tiền từ Vietcombank\","
                + "\"metadata\":{\"channel\":\"bank\",\"batch\":\"2026-12-02\"}");
    assertThat(deposited.status()).as(deposited.body()).isEqualTo(201);
    ApiClient.Reply paid =
        transferWith(
            payer, payee.id(), 12_000, ",\"reference\":\"order-123\",\"description\":\"Bún chả\"");
    assertThat(paid.status()).as(paid.body()).isEqualTo(201);

    JsonNode deposit =
        api()
            .get(
                "/v1/transactions/" + deposited.json().get("transactionId").asText(), payer.token())
            .json();
    assertThat(deposit.get("reference").asText()).isEqualTo(reference);
    assertThat(deposit.get("description").asText()).isEqualTo("Nạp tiền từ Vietcombank");
    assertThat(deposit.get("metadata").get("channel").asText()).isEqualTo("bank");
    assertThat(deposit.get("metadata").get("batch").asText()).isEqualTo("2026-12-02");

    JsonNode history =
        api().get("/v1/accounts/" + payer.id() + "/entries", payer.token()).json().get("items");
    assertThat(history.get(0).get("reference").asText()).isEqualTo("order-123");
    assertThat(history.get(0).get("description").asText()).isEqualTo("Bún chả");
    assertThat(history.get(0).get("metadata").isEmpty()).isTrue();
    assertThat(history.get(1).get("reference").asText()).isEqualTo(reference);
    assertThat(history.get(1).get("metadata").get("channel").asText()).isEqualTo("bank");
    JsonNode received =
        api().get("/v1/accounts/" + payee.id() + "/entries", payee.token()).json().get("items");
    assertThat(received.get(0).get("reference").asText()).isEqualTo("order-123");
  }

  @Test
  void detailsArePartOfTheIdempotencyFingerprint() {
    Wallet wallet = openWallet();
    String key = ApiClient.newKey();
    String reference = uniqueReference();
    ApiClient.Reply first =
        depositWith(wallet.id(), 1_000, key, ",\"reference\":" + quoted(reference));

    ApiClient.Reply replay =
        depositWith(wallet.id(), 1_000, key, ",\"reference\":" + quoted(reference));
    ApiClient.Reply otherReference =
        depositWith(wallet.id(), 1_000, key, ",\"reference\":" + quoted(reference + "-x"));
    ApiClient.Reply otherMetadata =
        depositWith(
            wallet.id(),
            1_000,
            key,
            ",\"reference\":" + quoted(reference) + ",\"metadata\":{\"a\":\"b\"}");

    assertThat(first.status()).isEqualTo(201);
    assertThat(replay.status()).isEqualTo(201);
    assertThat(replay.header("Idempotent-Replayed")).isEqualTo("true");
    assertThat(replay.json().get("transactionId")).isEqualTo(first.json().get("transactionId"));
    assertProblem(otherReference, 422, "IDEMPOTENCY_KEY_REUSED");
    assertProblem(otherMetadata, 422, "IDEMPOTENCY_KEY_REUSED");
    assertThat(balance(wallet.id())).isEqualTo(1_000);
  }

  @Test
  void aDepositReferenceIsUniquePerCurrencyWhileTransfersMayShareOne() {
    Wallet wallet = openWallet();
    Wallet dollars = openWallet("USD");
    String reference = uniqueReference();
    String details = ",\"reference\":" + quoted(reference);
    assertThat(depositWith(wallet.id(), 2_000, ApiClient.newKey(), details).status())
        .isEqualTo(201);

    assertProblem(
        depositWith(wallet.id(), 2_000, ApiClient.newKey(), details), 409, "DUPLICATE_REFERENCE");
    assertProblem(
        depositWith(openWallet().id(), 500, ApiClient.newKey(), details),
        409,
        "DUPLICATE_REFERENCE");
    assertThat(balance(wallet.id())).isEqualTo(2_000);
    assertThat(depositWith(dollars.id(), 300, ApiClient.newKey(), details).status()).isEqualTo(201);

    Wallet payee = openWallet();
    assertThat(transferWith(wallet, payee.id(), 100, details).status()).isEqualTo(201);
    assertThat(transferWith(wallet, payee.id(), 100, details).status()).isEqualTo(201);
    assertThat(balance(payee.id())).isEqualTo(200);
  }

  @Test
  void twentyConcurrentDepositsWithOneReferenceAndDifferentKeysPostExactlyOnce() throws Exception {
    Wallet wallet = openWallet();
    String details = ",\"reference\":" + quoted(uniqueReference());
    List<Callable<ApiClient.Reply>> deposits = new ArrayList<>();
    for (int i = 0; i < 20; i++) {
      deposits.add(() -> depositWith(wallet.id(), 7_000, ApiClient.newKey(), details));
    }

    List<ApiClient.Reply> replies = concurrently(deposits);

    assertThat(
            replies.stream()
                .collect(Collectors.groupingBy(ApiClient.Reply::status, Collectors.counting())))
        .containsEntry(201, 1L)
        .containsEntry(409, 19L)
        .hasSize(2);
    replies.stream()
        .filter(reply -> reply.status() == 409)
        .forEach(reply -> assertThat(reply.code()).isEqualTo("DUPLICATE_REFERENCE"));
    assertThat(balance(wallet.id())).isEqualTo(7_000);
    assertThat(entrySum(wallet.id())).isEqualTo(7_000);
  }

  @Test
  void eachLimitOfTheContractIsEnforcedAndItsBoundaryAccepted() {
    Wallet wallet = openWallet();
    String sixteen =
        IntStream.range(0, 16)
            .mapToObj(i -> "\"k" + i + "\":\"v\"")
            .collect(Collectors.joining(",", "{", "}"));
    String seventeen =
        IntStream.range(0, 17)
            .mapToObj(i -> "\"k" + i + "\":\"v\"")
            .collect(Collectors.joining(",", "{", "}"));
    List<String> refused =
        List.of(
            ",\"reference\":\"\"",
            ",\"reference\":" + quoted("r".repeat(129)),
            ",\"reference\":\"caf\u00e9\"",
            ",\"reference\":\"   \"",
            ",\"description\":" + quoted("d".repeat(141)),
            ",\"metadata\":" + seventeen,
            ",\"metadata\":{" + quoted("k".repeat(41)) + ":\"v\"}",
            ",\"metadata\":{\"\":\"v\"}",
            ",\"metadata\":{\"k\":" + quoted("v".repeat(501)) + "}",
            ",\"metadata\":{\"k\":5}",
            ",\"metadata\":{\"k\":{\"nested\":\"v\"}}",
            ",\"metadata\":[\"k\"]",
            ",\"description\":\"bell\\u0007\"");
    for (String details : refused) {
      ApiClient.Reply reply = depositWith(wallet.id(), 100, ApiClient.newKey(), details);
      assertThat(reply.status()).as(details + " → " + reply.body()).isEqualTo(400);
    }
    assertThat(balance(wallet.id())).isZero();

    String boundary =
        ",\"reference\":"
            + quoted("r".repeat(127) + "~")
            + ",\"description\":"
            + quoted("\uD83D\uDCB8".repeat(140))
            + ",\"metadata\":"
            + sixteen.replace(
                "\"k0\":\"v\"", quoted("k".repeat(40)) + ":" + quoted("v".repeat(500)));
    ApiClient.Reply accepted = depositWith(wallet.id(), 100, ApiClient.newKey(), boundary);
    assertThat(accepted.status()).as(accepted.body()).isEqualTo(201);
    JsonNode stored =
        api()
            .get("/v1/transactions/" + accepted.json().get("transactionId").asText(), OPERATOR)
            .json();
    assertThat(stored.get("description").asText()).isEqualTo("\uD83D\uDCB8".repeat(140));
    assertThat(stored.get("metadata").size()).isEqualTo(16);
  }

  @Test
  void transactionsAreFoundByReferenceEachCallerSeeingOnlyTheirs() {
    Wallet alice = openWallet();
    Wallet bob = openWallet();
    String reference = "invoice-" + System.nanoTime();
    deposit(alice.id(), 10_000);
    deposit(bob.id(), 10_000);
    ApiClient.Reply alicePays =
        transferWith(alice, bob.id(), 1_000, ",\"reference\":" + quoted(reference));
    ApiClient.Reply bobPays =
        transferWith(bob, openWallet().id(), 2_000, ",\"reference\":" + quoted(reference));
    String query = "/v1/transactions?reference=" + reference;

    JsonNode forAlice = api().get(query, alice.token()).json().get("items");
    JsonNode forBob = api().get(query, bob.token()).json().get("items");
    JsonNode forOperator = api().get(query, OPERATOR).json().get("items");

    assertThat(forAlice).hasSize(1);
    assertThat(forAlice.get(0).get("transactionId"))
        .isEqualTo(alicePays.json().get("transactionId"));
    assertThat(forBob).hasSize(2);
    assertThat(forBob.get(0).get("transactionId")).isEqualTo(bobPays.json().get("transactionId"));
    assertThat(forOperator).hasSize(2);
    assertThat(
            api()
                .get("/v1/transactions?reference=none-" + reference, alice.token())
                .json()
                .get("items"))
        .isEmpty();
    assertProblem(
        api().get("/v1/transactions?reference=caf%C3%A9", alice.token()), 400, "VALIDATION_FAILED");
    assertThat(api().get("/v1/transactions", alice.token()).status()).isEqualTo(400);
  }

  @Test
  void theTransactionAKeyPostedIsFoundByItsKeyWithoutSendingTheRequestAgain() {
    Wallet alice = walletWith(10_000);
    Wallet bob = openWallet();
    String key = ApiClient.newKey();
    String paid = transfer(alice, bob.id(), 1_000, key).json().get("transactionId").asText();
    String refusedKey = ApiClient.newKey();
    assertThat(transfer(alice, bob.id(), 1_000_000, refusedKey).code())
        .isEqualTo("INSUFFICIENT_FUNDS");

    JsonNode own = api().get("/v1/transactions?idempotencyKey=" + key, alice.token()).json();
    JsonNode asOperator =
        api()
            .get(
                "/v1/transactions?idempotencyKey=" + key + "&principalId=" + alice.owner(),
                OPERATOR)
            .json();

    assertThat(own.get("items")).hasSize(1);
    assertThat(own.get("items").get(0).get("transactionId").asText()).isEqualTo(paid);
    assertThat(asOperator.get("items").get(0).get("transactionId").asText()).isEqualTo(paid);
    assertThat(api().get("/v1/transactions?idempotencyKey=" + key, OPERATOR).json().get("items"))
        .as("the operator's own key of that name posted nothing")
        .isEmpty();
    assertThat(
            api()
                .get("/v1/transactions?idempotencyKey=" + refusedKey, alice.token())
                .json()
                .get("items"))
        .as("a refused request claims nothing")
        .isEmpty();
    assertProblem(
        api()
            .get(
                "/v1/transactions?idempotencyKey=" + key + "&principalId=" + alice.owner(),
                bob.token()),
        403,
        "FORBIDDEN");
    assertThat(
            api()
                .get("/v1/transactions?idempotencyKey=" + key + "&reference=x", alice.token())
                .status())
        .isEqualTo(400);
  }
}
