package dev.ewallet.ledger;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/**
 * Operators' multi-leg postings over HTTP: every leg posts or none, under the balance, freeze,
 * amount and overflow rules of every posting, with a single transfer's idempotency.
 */
class MultiLegPostingsIT extends LedgerIntegrationTest {

  private static String leg(long accountId, long amount) {
    return "{\"accountId\":" + accountId + ",\"amount\":" + amount + "}";
  }

  private ApiClient.Reply post(String token, String key, List<String> legs, String moreFields) {
    return api()
        .post(
            "/v1/postings",
            token,
            key,
            "{\"postings\":[" + String.join(",", legs) + "]" + moreFields + "}");
  }

  private ApiClient.Reply post(List<String> legs) {
    return post(OPERATOR, ApiClient.newKey(), legs, "");
  }

  private long journalSize() {
    return jdbc.sql("SELECT count(*) FROM journal_transaction").query(Long.class).single();
  }

  @Test
  void aPaymentSplitBetweenAMerchantAndThePlatformPostsEveryLegAtOnce() {
    Wallet customer = walletWith(10_000);
    Wallet shop = openWallet();
    Wallet platform = openWallet();
    String key = ApiClient.newKey();
    List<String> legs =
        List.of(leg(customer.id(), -1_000), leg(shop.id(), 970), leg(platform.id(), 30));

    ApiClient.Reply posted = post(OPERATOR, key, legs, ",\"reference\":\"order-77\"");
    ApiClient.Reply replayed = post(OPERATOR, key, legs, ",\"reference\":\"order-77\"");

    assertThat(posted.status()).as(posted.body()).isEqualTo(201);
    assertThat(posted.json().get("type").asText()).isEqualTo("POSTING");
    assertThat(posted.json().get("entries").size()).isEqualTo(3);
    assertThat(posted.json().get("reference").asText()).isEqualTo("order-77");
    assertThat(replayed.status()).isEqualTo(201);
    assertThat(replayed.header("Idempotent-Replayed")).isEqualTo("true");
    assertThat(replayed.json().get("transactionId")).isEqualTo(posted.json().get("transactionId"));
    assertThat(balance(customer.id())).isEqualTo(9_000);
    assertThat(balance(shop.id())).isEqualTo(970);
    assertThat(balance(platform.id())).isEqualTo(30);
    // The same key with other legs is another request.
    assertProblem(
        post(OPERATOR, key, List.of(leg(customer.id(), -1), leg(shop.id(), 1)), ""),
        422,
        "IDEMPOTENCY_KEY_REUSED");
    // An operator may reverse it like a transfer: every leg negated.
    ApiClient.Reply reversed = reverse(posted.json().get("transactionId").asText());
    assertThat(reversed.status()).as(reversed.body()).isEqualTo(201);
    assertThat(balance(customer.id())).isEqualTo(10_000);
    assertThat(balance(platform.id())).isZero();
    assertBooksBalance();
  }

  @Test
  void legsThatDoNotSumToZeroOrOverdrawAWalletPostNothing() {
    Wallet a = walletWith(1_000);
    Wallet b = openWallet();
    Wallet c = openWallet();
    long before = journalSize();

    assertProblem(post(List.of(leg(a.id(), -1_000), leg(b.id(), 999))), 400, "VALIDATION_FAILED");
    ApiClient.Reply overdraft =
        post(List.of(leg(a.id(), -1_001), leg(b.id(), 1_000), leg(c.id(), 1)));
    assertProblem(overdraft, 422, "INSUFFICIENT_FUNDS");

    assertThat(journalSize()).isEqualTo(before);
    assertThat(balance(a.id())).isEqualTo(1_000);
    assertThat(balance(b.id())).isZero();
    assertThat(balance(c.id())).isZero();
  }

  @Test
  void eachCurrencySumsToZeroOnItsOwn() {
    Wallet vnd = walletWith(1_000);
    Wallet vnd2 = openWallet();
    Wallet usd = openWallet("USD");
    Wallet usd2 = openWallet("USD");
    deposit(usd.id(), 500);

    ApiClient.Reply both =
        post(
            List.of(
                leg(vnd.id(), -100), leg(vnd2.id(), 100), leg(usd.id(), -5), leg(usd2.id(), 5)));
    ApiClient.Reply across = post(List.of(leg(vnd.id(), -100), leg(usd2.id(), 100)));

    assertThat(both.status()).as(both.body()).isEqualTo(201);
    assertProblem(across, 400, "VALIDATION_FAILED");
    assertThat(balance(usd2.id())).isEqualTo(5);
  }

  @Test
  void everyPostingRuleHoldsForLegs() {
    Wallet a = walletWith(1_000);
    Wallet b = openWallet();
    Wallet frozen = walletWith(1_000);
    Wallet yen = openWallet("JPY");
    Wallet yen2 = openWallet("JPY");
    Wallet yen3 = openWallet("JPY");
    api().post("/v1/accounts/" + frozen.id() + "/freeze", OPERATOR, null, "{\"mode\":\"DEBITS\"}");

    assertProblem(post(List.of(leg(frozen.id(), -10), leg(b.id(), 10))), 422, "ACCOUNT_FROZEN");
    assertThat(post(List.of(leg(a.id(), -10), leg(frozen.id(), 10))).status()).isEqualTo(201);
    assertProblem(
        post(List.of(leg(a.id(), -1), leg(Long.MAX_VALUE / 2, 1))), 404, "ACCOUNT_NOT_FOUND");
    assertProblem(
        post(
            List.of(
                leg(yen.id(), Long.MAX_VALUE), leg(yen2.id(), Long.MAX_VALUE), leg(yen3.id(), -1))),
        422,
        "AMOUNT_OVERFLOW");
    assertProblem(
        post(List.of(leg(a.id(), -2_000_000_000_000_000L), leg(b.id(), 2_000_000_000_000_000L))),
        422,
        "AMOUNT_LIMIT_EXCEEDED");
    assertThat(balance(frozen.id())).isEqualTo(1_010);
    assertThat(balance(yen.id())).isZero();
  }

  @Test
  void malformedLegsAndCallersWhoAreNotOperatorsAreRefused() {
    Wallet a = walletWith(1_000);
    Wallet b = openWallet();
    List<String> sixtyFive = new ArrayList<>();
    IntStream.range(0, 65).forEach(i -> sixtyFive.add(leg(a.id() + i, i == 0 ? -64 : 1)));

    assertProblem(
        post(a.token(), ApiClient.newKey(), List.of(leg(a.id(), -1), leg(b.id(), 1)), ""),
        403,
        "FORBIDDEN");
    assertProblem(
        post(OPERATOR, null, List.of(leg(a.id(), -1), leg(b.id(), 1)), ""),
        400,
        "IDEMPOTENCY_KEY_MISSING");
    assertProblem(post(List.of(leg(a.id(), -1))), 400, "VALIDATION_FAILED");
    assertProblem(post(sixtyFive), 400, "VALIDATION_FAILED");
    assertProblem(post(List.of(leg(a.id(), -1), leg(a.id(), 1))), 400, "VALIDATION_FAILED");
    assertProblem(post(List.of(leg(a.id(), 0), leg(b.id(), 0))), 400, "VALIDATION_FAILED");
    assertProblem(post(List.of(leg(a.id(), -1), "{\"amount\":1}")), 400, "VALIDATION_FAILED");
    assertThat(balance(a.id())).isEqualTo(1_000);
  }
}
