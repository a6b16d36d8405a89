package dev.ewallet.ledger;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/**
 * Batches of transfers over HTTP: each transfer posts or is refused on its own, in request order,
 * against the balances the ones before it left; a replay of the batch posts nothing more; a
 * malformed batch posts nothing; the whole batch goes through one posting batch.
 */
class TransferBatchesIT extends LedgerIntegrationTest {

  private static List<JsonNode> results(ApiClient.Reply reply) {
    assertThat(reply.status()).as(reply.body()).isEqualTo(200);
    List<JsonNode> results = new ArrayList<>();
    reply.json().get("results").forEach(results::add);
    return results;
  }

  @Test
  void aBatchOfTenOnAWalletThatCanPayFivePostsExactlyTheFirstFiveAndAReplayPostsNothingMore() {
    Wallet payer = walletWith(5_000);
    Wallet payee = openWallet();
    List<String> keys = IntStream.range(0, 10).mapToObj(i -> ApiClient.newKey()).toList();
    List<String> items =
        keys.stream().map(k -> batchItem(k, payer.id(), payee.id(), 1_000)).toList();

    List<JsonNode> first = results(transferBatch(payer.token(), items));

    assertThat(first).extracting(r -> r.get("key").asText()).containsExactlyElementsOf(keys);
    assertThat(first.subList(0, 5))
        .allSatisfy(r -> {
          assertThat(r.get("status").asInt()).isEqualTo(201);
          assertThat(r.get("transactionId").asText()).isNotBlank();
          assertThat(r.has("replayed")).isFalse();
        });
    assertThat(first.subList(5, 10))
        .allSatisfy(r -> {
          assertThat(r.get("status").asInt()).isEqualTo(422);
          assertThat(r.get("code").asText()).isEqualTo("INSUFFICIENT_FUNDS");
          assertThat(r.get("detail").asText()).isNotBlank();
        });
    assertThat(balance(payer.id())).isZero();
    assertThat(balance(payee.id())).isEqualTo(5_000);
    // One posting batch took them all: they share one posting time.
    assertThat(
            jdbc.sql(
                    "SELECT count(DISTINCT created_at) FROM journal_transaction"
                        + " WHERE id IN (SELECT transaction_id FROM ledger_entry"
                        + " WHERE account_id = ?)")
                .param(payee.id())
                .query(Long.class)
                .single())
        .isEqualTo(1);

    List<JsonNode> replay = results(transferBatch(payer.token(), items));

    for (int i = 0; i < 5; i++) {
      assertThat(replay.get(i).get("status").asInt()).isEqualTo(201);
      assertThat(replay.get(i).get("replayed").asBoolean()).isTrue();
      assertThat(replay.get(i).get("transactionId")).isEqualTo(first.get(i).get("transactionId"));
    }
    assertThat(replay.subList(5, 10))
        .allSatisfy(r -> assertThat(r.get("code").asText()).isEqualTo("INSUFFICIENT_FUNDS"));
    assertThat(balance(payer.id())).isZero();
    assertThat(entrySum(payee.id())).isEqualTo(5_000);
    assertBooksBalance();
  }

  @Test
  void aKeyUsedByASingleTransferIsReplayedInABatchAndReusedWithAnotherBodyRefused() {
    Wallet payer = walletWith(5_000);
    Wallet payee = openWallet();
    String key = ApiClient.newKey();
    ApiClient.Reply single = transfer(payer, payee.id(), 1_000, key);
    assertThat(single.status()).isEqualTo(201);

    List<JsonNode> results =
        results(
            transferBatch(
                payer.token(),
                List.of(
                    batchItem(key, payer.id(), payee.id(), 1_000),
                    batchItem(ApiClient.newKey(), payer.id(), payee.id(), 1_000))));
    List<JsonNode> reused =
        results(
            transferBatch(payer.token(), List.of(batchItem(key, payer.id(), payee.id(), 2_000))));

    assertThat(results.get(0).get("transactionId").asText())
        .isEqualTo(single.json().get("transactionId").asText());
    assertThat(results.get(0).get("replayed").asBoolean()).isTrue();
    assertThat(results.get(1).get("status").asInt()).isEqualTo(201);
    assertThat(reused.getFirst().get("code").asText()).isEqualTo("IDEMPOTENCY_KEY_REUSED");
    assertThat(balance(payer.id())).isEqualTo(3_000);
  }

  @Test
  void aTransferFromSomeoneElsesOrAFrozenWalletIsRefusedAloneAndOperatorsPayFromAnyWallet() {
    Wallet payer = walletWith(5_000);
    Wallet stranger = walletWith(5_000);
    Wallet frozen = walletWith(5_000);
    Wallet payee = openWallet();
    ApiClient.Reply freeze =
        api()
            .post(
                "/v1/accounts/" + frozen.id() + "/freeze", OPERATOR, null, "{\"mode\":\"DEBITS\"}");
    assertThat(freeze.status()).isEqualTo(200);

    List<JsonNode> byUser =
        results(
            transferBatch(
                payer.token(),
                List.of(
                    batchItem(ApiClient.newKey(), payer.id(), payee.id(), 1_000),
                    batchItem(ApiClient.newKey(), stranger.id(), payee.id(), 1_000),
                    batchItem(ApiClient.newKey(), payer.id(), payee.id(), 1_000))));
    List<JsonNode> byOperator =
        results(
            transferBatch(
                OPERATOR,
                List.of(
                    batchItem(ApiClient.newKey(), stranger.id(), payee.id(), 500),
                    batchItem(ApiClient.newKey(), frozen.id(), payee.id(), 500))));

    assertThat(byUser).extracting(r -> r.get("status").asInt()).containsExactly(201, 403, 201);
    assertThat(byUser.get(1).get("code").asText()).isEqualTo("FORBIDDEN");
    assertThat(byOperator).extracting(r -> r.get("status").asInt()).containsExactly(201, 422);
    assertThat(byOperator.get(1).get("code").asText()).isEqualTo("ACCOUNT_FROZEN");
    assertThat(balance(payer.id())).isEqualTo(3_000);
    assertThat(balance(stranger.id())).isEqualTo(4_500);
    assertThat(balance(frozen.id())).isEqualTo(5_000);
    assertThat(balance(payee.id())).isEqualTo(2_500);
  }

  @Test
  void aMalformedBatchIsRefusedWholeAndPostsNothing() {
    Wallet payer = walletWith(5_000);
    Wallet payee = openWallet();
    String key = ApiClient.newKey();
    String good = batchItem(ApiClient.newKey(), payer.id(), payee.id(), 100);

    assertProblem(
        transferBatch(
            payer.token(),
            List.of(
                good,
                batchItem(key, payer.id(), payee.id(), 100),
                batchItem(key, payer.id(), 9, 100))),
        400,
        "VALIDATION_FAILED");
    assertProblem(
        transferBatch(payer.token(), batchOf(101, payer.id(), payee.id(), 1)),
        400,
        "VALIDATION_FAILED");
    assertProblem(transferBatch(payer.token(), List.of()), 400, "VALIDATION_FAILED");
    assertProblem(
        api().post("/v1/transfer-batches", payer.token(), null, "{}"), 400, "VALIDATION_FAILED");
    ApiClient.Reply badItem =
        transferBatch(
            payer.token(), List.of(good, batchItem(ApiClient.newKey(), payer.id(), payee.id(), 0)));
    assertProblem(badItem, 400, "VALIDATION_FAILED");
    assertThat(badItem.json().get("detail").asText()).startsWith("transfers[1]:");
    assertProblem(
        transferBatch(payer.token(), List.of("{\"key\":\"k\",\"fromAccountId\":1}")),
        400,
        "VALIDATION_FAILED");
    assertThat(balance(payer.id())).isEqualTo(5_000);
    assertThat(balance(payee.id())).isZero();
  }

  /** A batch may carry a hundred transfers' texts: past the 16 KiB of other bodies, up to 1 MiB. */
  @Test
  void aBatchBodyMayBeLargerThanOtherBodies() {
    Wallet payer = walletWith(100_000);
    Wallet payee = openWallet();
    String described = ",\"description\":\"" + "salary ".repeat(20) + "\"}";
    List<String> items =
        batchOf(100, payer.id(), payee.id(), 10).stream()
            .map(item -> item.substring(0, item.length() - 1) + described)
            .toList();
    assertThat(String.join(",", items).length()).isGreaterThan(16 * 1024);

    List<JsonNode> results = results(transferBatch(payer.token(), items));

    assertThat(results).allSatisfy(r -> assertThat(r.get("status").asInt()).isEqualTo(201));
    assertThat(balance(payee.id())).isEqualTo(1_000);
    assertProblem(
        transferBatch(payer.token(), List.of("\"" + "x".repeat(1024 * 1024) + "\"")),
        413,
        "PAYLOAD_TOO_LARGE");
  }
}
