package dev.ewallet.ledger;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/**
 * Outgoing limits over HTTP: checked and counted inside the posting transaction, so concurrent
 * transfers never pass a limit together; every debit path counts, a batch obeys them as a whole,
 * reversals and refunds give headroom back; read by the owner, set by operators only.
 */
class LimitsIT extends LedgerIntegrationTest {

  private ApiClient.Reply setLimits(long accountId, String body, String token) {
    return api()
        .send(
            api()
                .request("/v1/accounts/" + accountId + "/limits", token)
                .header("Content-Type", "application/json")
                .PUT(java.net.http.HttpRequest.BodyPublishers.ofString(body)));
  }

  private void limited(Wallet wallet, String body) {
    ApiClient.Reply reply = setLimits(wallet.id(), body, OPERATOR);
    assertThat(reply.status()).as(reply.body()).isEqualTo(200);
  }

  private static void assertLimit(ApiClient.Reply reply, String limit, long remaining) {
    assertProblem(reply, 422, "LIMIT_EXCEEDED");
    assertThat(reply.json().get("limit").asText()).isEqualTo(limit);
    assertThat(reply.json().get("remaining").asLong()).isEqualTo(remaining);
  }

  @Test
  void twentyConcurrentTransfersOfAThousandUnderATenThousandDailyLimitPassExactlyTen()
      throws Exception {
    Wallet wallet = walletWith(100_000);
    Wallet target = openWallet();
    limited(wallet, "{\"dailyOut\":10000,\"monthlyOut\":null}");

    List<ApiClient.Reply> replies =
        concurrently(
            IntStream.range(0, 20)
                .<Callable<ApiClient.Reply>>mapToObj(
                    i -> () -> transfer(wallet, target.id(), 1_000, ApiClient.newKey()))
                .toList());

    assertThat(replies).filteredOn(r -> r.status() == 201).hasSize(10);
    assertThat(replies)
        .filteredOn(r -> r.status() != 201)
        .hasSize(10)
        .allSatisfy(r -> assertLimit(r, "dailyOut", 0));
    assertThat(balance(wallet.id())).isEqualTo(90_000);
    JsonNode limits = api().get("/v1/accounts/" + wallet.id() + "/limits", wallet.token()).json();
    assertThat(limits.get("dailyOut").get("limit").asLong()).isEqualTo(10_000);
    assertThat(limits.get("dailyOut").get("used").asLong()).isEqualTo(10_000);
    assertThat(limits.get("dailyOut").get("remaining").asLong()).isZero();
    assertThat(Instant.parse(limits.get("dailyOut").get("resetsAt").asText()))
        .isEqualTo(
            LocalDate.now(ZoneOffset.UTC).plusDays(1).atStartOfDay(ZoneOffset.UTC).toInstant());
    assertThat(limits.get("monthlyOut").get("limit").isNull()).isTrue();
    assertThat(limits.get("monthlyOut").get("used").asLong()).isEqualTo(10_000);
    assertBooksBalance();
  }

  @Test
  void everyDebitPathCountsAndABatchObeysTheLimitAsAWhole() {
    Wallet wallet = walletWith(100_000);
    Wallet target = openWallet();
    limited(wallet, "{\"dailyOut\":null,\"monthlyOut\":6000}");

    assertThat(withdraw(wallet, 1_000).status()).isEqualTo(202);
    assertThat(hold(wallet, target.id(), 1_000, Instant.now().plus(1, ChronoUnit.HOURS)).status())
        .isEqualTo(201);
    ApiClient.Reply batch =
        transferBatch(wallet.token(), batchOf(4, wallet.id(), target.id(), 1_000));

    assertThat(batch.json().get("results"))
        .extracting(r -> r.get("status").asInt())
        .containsExactly(201, 201, 201, 201);
    assertLimit(transfer(wallet, target.id(), 1, ApiClient.newKey()), "monthlyOut", 0);
    // Money coming in is not limited.
    assertThat(transfer(target, wallet.id(), 500, ApiClient.newKey()).status()).isEqualTo(201);
  }

  @Test
  void aReversalOrRefundGivesTheHeadroomBackWithinTheSameDay() {
    Wallet wallet = walletWith(100_000);
    Wallet shop = openWallet();
    limited(wallet, "{\"dailyOut\":5000}");
    ApiClient.Reply paid = transfer(wallet, shop.id(), 5_000, ApiClient.newKey());
    assertLimit(transfer(wallet, shop.id(), 1, ApiClient.newKey()), "dailyOut", 0);

    ApiClient.Reply refunded =
        api()
            .post(
                "/v1/transactions/" + paid.json().get("transactionId").asText() + "/refunds",
                OPERATOR,
                ApiClient.newKey(),
                "{\"amount\":2000}");
    assertThat(refunded.status()).as(refunded.body()).isEqualTo(201);
    ApiClient.Reply again = transfer(wallet, shop.id(), 2_000, ApiClient.newKey());
    assertThat(again.status()).isEqualTo(201);
    assertLimit(transfer(wallet, shop.id(), 1, ApiClient.newKey()), "dailyOut", 0);

    assertThat(reverse(again.json().get("transactionId").asText()).status()).isEqualTo(201);
    assertThat(transfer(wallet, shop.id(), 2_000, ApiClient.newKey()).status()).isEqualTo(201);
    assertLimit(transfer(wallet, shop.id(), 1, ApiClient.newKey()), "dailyOut", 0);
  }

  @Test
  void theCurrencysDefaultAppliesUntilAnOperatorSetsTheWalletsOwn() {
    Wallet pounds = openWallet("GBP");
    deposit(pounds.id(), 20_000);
    Wallet target = openWallet("GBP");

    assertLimit(transfer(pounds, target.id(), 5_001, ApiClient.newKey()), "dailyOut", 5_000);
    limited(pounds, "{\"dailyOut\":8000}");
    assertThat(transfer(pounds, target.id(), 5_001, ApiClient.newKey()).status()).isEqualTo(201);
    limited(pounds, "{\"dailyOut\":null}");
    assertLimit(transfer(pounds, target.id(), 1, ApiClient.newKey()), "dailyOut", 0);
  }

  @Test
  void limitsAreReadByTheOwnerAndOperatorsAndSetByOperatorsOnly() {
    Wallet wallet = walletWith(1_000);
    Wallet stranger = openWallet();

    assertThat(api().get("/v1/accounts/" + wallet.id() + "/limits", wallet.token()).status())
        .isEqualTo(200);
    assertThat(api().get("/v1/accounts/" + wallet.id() + "/limits", OPERATOR).status())
        .isEqualTo(200);
    assertProblem(
        api().get("/v1/accounts/" + wallet.id() + "/limits", stranger.token()), 403, "FORBIDDEN");
    assertProblem(setLimits(wallet.id(), "{\"dailyOut\":1}", wallet.token()), 403, "FORBIDDEN");
    assertProblem(setLimits(wallet.id(), "{\"dailyOut\":-1}", OPERATOR), 400, "VALIDATION_FAILED");
    assertProblem(
        setLimits(Long.MAX_VALUE / 2, "{\"dailyOut\":1}", OPERATOR), 404, "ACCOUNT_NOT_FOUND");
  }
}
