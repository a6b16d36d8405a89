package dev.ewallet.ledger;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.concurrent.Callable;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/**
 * Partial refunds over HTTP: repeated up to the transfer's amount and never beyond, even when sent
 * at once; refund and reversal exclude each other; a sharded merchant's refund takes the money
 * where it is.
 */
class RefundsIT extends LedgerIntegrationTest {

  private ApiClient.Reply refund(String transactionId, long amount, String key) {
    return api()
        .post(
            "/v1/transactions/" + transactionId + "/refunds",
            OPERATOR,
            key,
            "{\"amount\":" + amount + ",\"reason\":\"returned goods\"}");
  }

  private ApiClient.Reply refund(String transactionId, long amount) {
    return refund(transactionId, amount, ApiClient.newKey());
  }

  private String paid(Wallet from, long toId, long amount) {
    ApiClient.Reply reply = transfer(from, toId, amount, ApiClient.newKey());
    assertThat(reply.status()).as(reply.body()).isEqualTo(201);
    return reply.json().get("transactionId").asText();
  }

  /** What GET says refunds may still pay back of a transfer. */
  private long refundable(String transactionId) {
    return api()
        .get("/v1/transactions/" + transactionId, OPERATOR)
        .json()
        .get("refundable")
        .asLong();
  }

  @Test
  void partialRefundsMayAddUpToTheTransferAndNoFurther() {
    Wallet customer = walletWith(10_000);
    Wallet shop = walletWith(5_000);
    String payment = paid(customer, shop.id(), 10_000);
    String key = ApiClient.newKey();

    assertThat(refundable(payment)).isEqualTo(10_000);
    ApiClient.Reply first = refund(payment, 3_000, key);
    ApiClient.Reply replayed = refund(payment, 3_000, key);
    long afterFirst = refundable(payment);
    ApiClient.Reply rest = refund(payment, 7_000);
    ApiClient.Reply beyond = refund(payment, 1);

    assertThat(first.status()).as(first.body()).isEqualTo(201);
    assertThat(first.json().get("type").asText()).isEqualTo("REFUND");
    assertThat(first.json().get("refundOf").asText()).isEqualTo(payment);
    assertThat(first.json().get("reason").asText()).isEqualTo("returned goods");
    assertThat(replayed.header("Idempotent-Replayed")).isEqualTo("true");
    assertThat(replayed.json().get("transactionId")).isEqualTo(first.json().get("transactionId"));
    assertThat(rest.status()).as(rest.body()).isEqualTo(201);
    assertProblem(beyond, 422, "REFUND_EXCEEDS_ORIGINAL");
    assertThat(afterFirst).isEqualTo(7_000);
    assertThat(refundable(payment)).isZero();
    assertThat(first.json().has("refundable")).as("a refund is not refundable").isFalse();
    assertThat(balance(customer.id())).isEqualTo(10_000);
    assertThat(balance(shop.id())).isEqualTo(5_000);
    // The original stays as it was; a refunded transfer is refunded further, never reversed.
    assertThat(api().get("/v1/transactions/" + payment, OPERATOR).json().has("refundOf")).isFalse();
    assertProblem(reverse(payment), 409, "NOT_REVERSIBLE");
    assertBooksBalance();
  }

  @Test
  void twentyConcurrentRefundsOfAThousandOnTenThousandPostExactlyTen() throws Exception {
    Wallet customer = walletWith(10_000);
    Wallet shop = walletWith(50_000);
    String payment = paid(customer, shop.id(), 10_000);

    List<ApiClient.Reply> replies =
        concurrently(
            IntStream.range(0, 20)
                .<Callable<ApiClient.Reply>>mapToObj(i -> () -> refund(payment, 1_000))
                .toList());

    assertThat(replies).filteredOn(r -> r.status() == 201).hasSize(10);
    assertThat(replies)
        .filteredOn(r -> r.status() != 201)
        .hasSize(10)
        .allSatisfy(r -> assertThat(r.code()).isEqualTo("REFUND_EXCEEDS_ORIGINAL"));
    assertThat(balance(customer.id())).isEqualTo(10_000);
    assertThat(balance(shop.id())).isEqualTo(50_000);
    assertBooksBalance();
  }

  @Test
  void aReversedTransferCannotBeRefunded() {
    Wallet customer = walletWith(10_000);
    Wallet shop = openWallet();
    String payment = paid(customer, shop.id(), 4_000);

    assertThat(reverse(payment).status()).isEqualTo(201);

    assertProblem(refund(payment, 1_000), 409, "ALREADY_REVERSED");
    assertThat(refundable(payment)).isZero();
    assertThat(balance(customer.id())).isEqualTo(10_000);
  }

  @Test
  void aShardedMerchantsRefundTakesTheMoneyWhereItIsAfterASweep() {
    Merchant merchant = openMerchant(4);
    Wallet customer = walletWith(10_000);
    String payment = paid(customer, merchant.id(), 6_000);
    ApiClient.Reply swept =
        api().post("/v1/accounts/" + merchant.id() + "/sweep", OPERATOR, ApiClient.newKey(), null);
    assertThat(swept.status()).as(swept.body()).isEqualTo(200);

    ApiClient.Reply refunded = refund(payment, 2_500);

    assertThat(refunded.status()).as(refunded.body()).isEqualTo(201);
    assertThat(refunded.json().get("entries"))
        .anySatisfy(e -> {
          assertThat(e.get("accountId").asLong()).isEqualTo(merchant.id());
          assertThat(e.get("amount").asLong()).isEqualTo(-2_500);
        });
    assertThat(balance(merchant.id())).isEqualTo(3_500);
    assertThat(balance(customer.id())).isEqualTo(6_500);
    assertBooksBalance();
  }

  @Test
  void aRefundNeedsThePayeesMoneyAndIsNotStoppedByAFreeze() {
    Wallet customer = walletWith(10_000);
    Wallet shop = openWallet();
    Wallet supplier = openWallet();
    String payment = paid(customer, shop.id(), 5_000);
    paid(shop, supplier.id(), 4_000);

    assertProblem(refund(payment, 2_000), 422, "INSUFFICIENT_FUNDS");
    ApiClient.Reply frozen =
        api().post("/v1/accounts/" + shop.id() + "/freeze", OPERATOR, null, "{\"mode\":\"ALL\"}");
    assertThat(frozen.status()).isEqualTo(200);
    assertThat(refund(payment, 1_000).status()).isEqualTo(201);
    assertThat(balance(shop.id())).isZero();
    assertThat(balance(customer.id())).isEqualTo(6_000);
  }

  @Test
  void onlyOperatorsRefundOnlyTransfersAndOnlyPositiveAmounts() {
    Wallet customer = walletWith(10_000);
    Wallet shop = openWallet();
    String payment = paid(customer, shop.id(), 5_000);
    String deposit =
        api()
            .get("/v1/accounts/" + customer.id() + "/entries?type=DEPOSIT", customer.token())
            .json()
            .get("items")
            .get(0)
            .get("transactionId")
            .asText();

    assertProblem(
        api()
            .post(
                "/v1/transactions/" + payment + "/refunds",
                customer.token(),
                ApiClient.newKey(),
                "{\"amount\":1}"),
        403,
        "FORBIDDEN");
    assertProblem(refund(deposit, 1), 400, "VALIDATION_FAILED");
    assertProblem(refund(payment, 0), 400, "VALIDATION_FAILED");
    assertProblem(refund(payment, 1, null), 400, "IDEMPOTENCY_KEY_MISSING");
    assertProblem(refund("00000000-0000-0000-0000-000000000001", 1), 404, "TRANSACTION_NOT_FOUND");
    assertThat(balance(shop.id())).isEqualTo(5_000);
  }
}
