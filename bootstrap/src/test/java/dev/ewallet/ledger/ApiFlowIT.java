package dev.ewallet.ledger;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/** A client's journey through API v1: accounts, money, history, transactions, reversals. */
class ApiFlowIT extends LedgerIntegrationTest {

  @Test
  void aUserOpensWalletsAndReadsThem() {
    Wallet wallet = openWallet();
    ApiClient.Reply created =
        api().post("/v1/accounts", wallet.token(), null, "{\"currency\":\"VND\"}");

    assertThat(created.status()).isEqualTo(201);
    JsonNode account = created.json();
    assertThat(created.header("Location")).isEqualTo("/v1/accounts/" + account.get("id").asLong());
    assertThat(account.get("ownerId").asLong()).isEqualTo(wallet.owner());
    assertThat(account.get("currency").asText()).isEqualTo("VND");
    assertThat(account.get("kind").asText()).isEqualTo("USER");
    assertThat(account.get("balance").asLong()).isZero();
    assertThat(account.get("heldAmount").asLong()).isZero();
    assertThat(account.get("createdAt").asText()).endsWith("Z");

    JsonNode own = api().get("/v1/accounts", wallet.token()).json().get("items");
    assertThat(own).hasSize(2);
    JsonNode byOperator = api().get("/v1/accounts?ownerId=" + wallet.owner(), OPERATOR).json();
    assertThat(byOperator.get("items")).hasSize(2);
    assertThat(api().get("/v1/accounts/" + wallet.id(), wallet.token()).json().get("id").asLong())
        .isEqualTo(wallet.id());
  }

  @Test
  void anOperatorOpensAWalletForAUser() {
    ApiClient.Reply created =
        api()
            .post(
                "/v1/accounts",
                OPERATOR,
                null,
                "{\"currency\":\"USD\",\"ownerId\":4242,\"kind\":\"USER\"}");

    assertThat(created.status()).isEqualTo(201);
    assertThat(created.json().get("ownerId").asLong()).isEqualTo(4242);
    assertThat(created.json().get("currency").asText()).isEqualTo("USD");
  }

  @Test
  void aReplayIsTheFirstResponseByteForByte() {
    Wallet from = walletWith(5_000);
    Wallet to = openWallet();
    String key = ApiClient.newKey();

    ApiClient.Reply first = transfer(from, to.id(), 1_200, key);
    ApiClient.Reply replay = transfer(from, to.id(), 1_200, key);

    assertThat(first.status()).isEqualTo(201);
    assertThat(first.header("Idempotent-Replayed")).isNull();
    assertThat(first.json().get("status").asText()).isEqualTo("COMPLETED");
    assertThat(replay.status()).isEqualTo(201);
    assertThat(replay.header("Idempotent-Replayed")).isEqualTo("true");
    assertThat(replay.body()).isEqualTo(first.body());
    assertThat(replay.header("Location")).isEqualTo(first.header("Location"));
    assertThat(balance(from.id())).isEqualTo(3_800);
  }

  @Test
  void answersGoOutWholeWithTheirLengthNotChunked() {
    Wallet from = walletWith(5_000);
    Wallet to = openWallet();

    List<ApiClient.Reply> replies =
        List.of(
            transfer(from, to.id(), 100, ApiClient.newKey()),
            transfer(from, to.id(), 1_000_000, ApiClient.newKey()),
            api().get("/v1/accounts/" + from.id(), from.token()),
            api().get("/v1/accounts/" + from.id() + "/entries?limit=5", from.token()));

    assertThat(replies).extracting(ApiClient.Reply::status).containsExactly(201, 422, 200, 200);
    for (ApiClient.Reply reply : replies) {
      assertThat(reply.header("Transfer-Encoding")).isNull();
      assertThat(reply.header("Content-Length"))
          .isEqualTo(String.valueOf(reply.raw().body().getBytes(UTF_8).length));
    }
  }

  @Test
  void aRefusedTransferLeavesTheKeyFreeForALaterRetry() {
    Wallet from = walletWith(1_000);
    Wallet to = openWallet();
    String key = ApiClient.newKey();

    assertThat(transfer(from, to.id(), 1_500, key).code()).isEqualTo("INSUFFICIENT_FUNDS");
    deposit(from.id(), 500);
    ApiClient.Reply retry = transfer(from, to.id(), 1_500, key);

    assertThat(retry.status()).isEqualTo(201);
    assertThat(retry.header("Idempotent-Replayed")).isNull();
    assertThat(balance(to.id())).isEqualTo(1_500);
  }

  @Test
  void historyIsNewestFirstAndKeysetPaginated() {
    Wallet wallet = openWallet();
    for (int amount = 1; amount <= 7; amount++) {
      deposit(wallet.id(), amount);
    }

    List<Long> amounts = new ArrayList<>();
    List<Long> balances = new ArrayList<>();
    String path = "/v1/accounts/" + wallet.id() + "/entries?limit=3";
    int pages = 0;
    while (path != null) {
      JsonNode page = api().get(path, wallet.token()).json();
      page.get("items")
          .forEach(e -> {
            amounts.add(e.get("amount").asLong());
            balances.add(e.get("balanceAfter").asLong());
            assertThat(e.get("type").asText()).isEqualTo("DEPOSIT");
            assertThat(e.get("transactionId").asText()).hasSize(36);
          });
      JsonNode next = page.get("nextCursor");
      path =
          next.isNull()
              ? null
              : "/v1/accounts/" + wallet.id() + "/entries?limit=3&cursor=" + next.asText();
      pages++;
    }

    assertThat(amounts).containsExactly(7L, 6L, 5L, 4L, 3L, 2L, 1L);
    assertThat(balances).containsExactly(28L, 21L, 15L, 10L, 6L, 3L, 1L);
    assertThat(pages).isEqualTo(3);
    JsonNode defaults =
        api().get("/v1/accounts/" + wallet.id() + "/entries", wallet.token()).json();
    assertThat(defaults.get("items")).hasSize(7);
    assertThat(defaults.get("nextCursor").isNull()).isTrue();
  }

  @Test
  void aTransactionIsReadByItsPartiesAndReversedByAnOperator() {
    Wallet from = walletWith(10_000);
    Wallet to = openWallet();
    Wallet stranger = openWallet();
    String id =
        transfer(from, to.id(), 2_500, ApiClient.newKey()).json().get("transactionId").asText();

    // Each party sees both entries, but the balance after only of its own account.
    JsonNode asPayee = api().get("/v1/transactions/" + id, to.token()).json();
    assertThat(asPayee.get("type").asText()).isEqualTo("TRANSFER");
    assertThat(asPayee.get("status").asText()).isEqualTo("COMPLETED");
    assertThat(asPayee.get("entries")).hasSize(2);
    assertThat(asPayee.get("entries").get(0).get("accountId").asLong()).isEqualTo(from.id());
    assertThat(asPayee.get("entries").get(0).get("amount").asLong()).isEqualTo(-2_500);
    assertThat(asPayee.get("entries").get(0).has("balanceAfter")).isFalse();
    assertThat(asPayee.get("entries").get(1).get("balanceAfter").asLong()).isEqualTo(2_500);
    JsonNode asPayer = api().get("/v1/transactions/" + id, from.token()).json();
    assertThat(asPayer.get("entries").get(0).get("balanceAfter").asLong()).isEqualTo(7_500);
    assertThat(asPayer.get("entries").get(1).has("balanceAfter")).isFalse();
    JsonNode asOperator = api().get("/v1/transactions/" + id, OPERATOR).json();
    assertThat(asOperator.get("entries").get(0).get("balanceAfter").asLong()).isEqualTo(7_500);
    assertThat(asOperator.get("entries").get(1).get("balanceAfter").asLong()).isEqualTo(2_500);
    // A deposit shown to its wallet's owner does not tell the bank clearing account's float.
    JsonNode before = api().get("/v1/accounts/" + from.id() + "/entries", from.token()).json();
    String deposit =
        before.get("items").get(before.get("items").size() - 1).get("transactionId").asText();
    JsonNode depositAsOwner = api().get("/v1/transactions/" + deposit, from.token()).json();
    assertThat(depositAsOwner.get("type").asText()).isEqualTo("DEPOSIT");
    assertThat(depositAsOwner.get("entries"))
        .allSatisfy(entry ->
            assertThat(entry.has("balanceAfter"))
                .isEqualTo(entry.get("accountId").asLong() == from.id()));
    assertThat(api().get("/v1/transactions/" + id, stranger.token()).code()).isEqualTo("FORBIDDEN");

    String key = ApiClient.newKey();
    ApiClient.Reply reversal =
        api()
            .post(
                "/v1/transactions/" + id + "/reversal",
                OPERATOR,
                key,
                "{\"reason\":\"duplicate order\"}");
    assertThat(reversal.status()).isEqualTo(201);
    assertThat(reversal.json().get("type").asText()).isEqualTo("REVERSAL");
    assertThat(reversal.json().get("reversalOf").asText()).isEqualTo(id);
    assertThat(reversal.json().get("reason").asText()).isEqualTo("duplicate order");
    assertThat(reversal.header("Location"))
        .isEqualTo("/v1/transactions/" + reversal.json().get("transactionId").asText());
    ApiClient.Reply replay =
        api()
            .post(
                "/v1/transactions/" + id + "/reversal",
                OPERATOR,
                key,
                "{\"reason\":\"duplicate order\"}");
    assertThat(replay.header("Idempotent-Replayed")).isEqualTo("true");
    assertThat(replay.body()).isEqualTo(reversal.body());

    assertThat(api().get("/v1/transactions/" + id, OPERATOR).json().get("reversedBy").asText())
        .isEqualTo(reversal.json().get("transactionId").asText());
    assertThat(balance(from.id())).isEqualTo(10_000);
    assertThat(balance(to.id())).isZero();
    JsonNode history = api().get("/v1/accounts/" + from.id() + "/entries", from.token()).json();
    assertThat(history.get("items").get(0).get("type").asText()).isEqualTo("REVERSAL");
    assertThat(history.get("items").get(0).get("amount").asLong()).isEqualTo(2_500);
    assertBooksBalance();
  }
}
