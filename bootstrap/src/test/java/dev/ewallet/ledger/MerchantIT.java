package dev.ewallet.ledger;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/** A hot merchant over HTTP: credits spread over shards, sweeps meanwhile, nothing lost. */
class MerchantIT extends LedgerIntegrationTest {

  private List<JsonNode> history(Merchant merchant) {
    List<JsonNode> entries = new ArrayList<>();
    String path = "/v1/accounts/" + merchant.id() + "/entries?limit=100";
    while (path != null) {
      JsonNode page = api().get(path, merchant.token()).json();
      page.get("items").forEach(entries::add);
      JsonNode next = page.get("nextCursor");
      path =
          next.isNull()
              ? null
              : "/v1/accounts/" + merchant.id() + "/entries?limit=100&cursor=" + next.asText();
    }
    return entries;
  }

  private ApiClient.Reply sweep(Merchant merchant) {
    return api()
        .post("/v1/accounts/" + merchant.id() + "/sweep", OPERATOR, ApiClient.newKey(), null);
  }

  @Test
  void aThousandConcurrentCreditsSumExactlyWhileSweepsRun() throws Exception {
    Merchant merchant = openMerchant(16);
    List<Wallet> payers = new ArrayList<>();
    for (int i = 0; i < 100; i++) {
      payers.add(walletWith(100_000));
    }
    AtomicBoolean paying = new AtomicBoolean(true);
    AtomicLong sweptWhilePaying = new AtomicLong();
    Thread sweeper =
        Thread.ofVirtual()
            .start(() -> {
              while (paying.get()) {
                ApiClient.Reply swept = sweep(merchant);
                assertThat(swept.status()).as(swept.body()).isEqualTo(200);
                sweptWhilePaying.addAndGet(swept.json().get("sweptAmount").asLong());
              }
            });
    List<Callable<ApiClient.Reply>> credits = new ArrayList<>();
    for (int round = 0; round < 10; round++) {
      for (int p = 0; p < payers.size(); p++) {
        Wallet payer = payers.get(p);
        long amount = 1 + p + 100L * round;
        credits.add(() -> transfer(payer, merchant.id(), amount, ApiClient.newKey()));
      }
    }
    List<ApiClient.Reply> replies;
    try {
      replies = concurrently(credits);
    } finally {
      paying.set(false);
      sweeper.join();
    }

    assertThat(replies).allSatisfy(r -> assertThat(r.status()).as(r.body()).isEqualTo(201));
    long expected = 0;
    for (int round = 0; round < 10; round++) {
      for (int p = 0; p < 100; p++) {
        expected += 1 + p + 100L * round;
      }
    }
    JsonNode account = api().get("/v1/accounts/" + merchant.id(), merchant.token()).json();
    assertThat(account.get("balance").asLong()).isEqualTo(expected);
    long shardsWithMoney =
        jdbc.sql(
                "SELECT count(DISTINCT account_id) FROM ledger_entry e JOIN account a ON a.id ="
                    + " e.account_id WHERE a.parent_id = ?")
            .param(merchant.id())
            .query(Long.class)
            .single();
    assertThat(shardsWithMoney).isGreaterThan(8);

    sweep(merchant);
    assertThat(balance(merchant.id())).isEqualTo(expected);
    List<JsonNode> entries = history(merchant);
    Set<String> credited = new HashSet<>();
    entries.stream()
        .filter(e -> e.get("type").asText().equals("TRANSFER"))
        .forEach(e -> assertThat(credited.add(e.get("transactionId").asText())).isTrue());
    Set<String> posted = new HashSet<>();
    replies.forEach(r -> posted.add(r.json().get("transactionId").asText()));
    assertThat(credited).isEqualTo(posted);
    assertBooksBalance();
  }

  @Test
  void payoutsLeaveTheMainAccountAndShardsOnlyGrow() {
    Merchant merchant = openMerchant(4);
    Wallet payer = walletWith(10_000);
    Wallet supplier = openWallet();
    assertThat(transfer(payer, merchant.id(), 6_000, ApiClient.newKey()).status()).isEqualTo(201);
    Wallet merchantAsPayer = new Wallet(merchant.id(), merchant.owner(), merchant.token());
    assertThat(transfer(merchantAsPayer, supplier.id(), 1_000, ApiClient.newKey()).code())
        .isEqualTo("INSUFFICIENT_FUNDS");

    assertThat(sweep(merchant).json().get("sweptAmount").asLong()).isEqualTo(6_000);
    assertThat(transfer(merchantAsPayer, supplier.id(), 1_000, ApiClient.newKey()).status())
        .isEqualTo(201);
    assertThat(
            api()
                .get("/v1/accounts/" + merchant.id(), merchant.token())
                .json()
                .get("balance")
                .asLong())
        .isEqualTo(5_000);

    String shards = "/v1/accounts/" + merchant.id() + "/shards";
    assertThat(api().post(shards, OPERATOR, null, "{\"shards\":8}").json().get("shards").asInt())
        .isEqualTo(8);
    assertThat(api().post(shards, OPERATOR, null, "{\"shards\":2}").code())
        .isEqualTo("VALIDATION_FAILED");
    assertThat(api().post(shards, merchant.token(), null, "{\"shards\":9}").code())
        .isEqualTo("FORBIDDEN");
    assertThat(api().get("/v1/accounts", merchant.token()).json().get("items")).hasSize(1);
    assertThat(
            api()
                .post(
                    "/v1/accounts",
                    payer.token(),
                    null,
                    "{\"currency\":\"VND\",\"kind\":\"MERCHANT\",\"shards\":4}")
                .code())
        .isEqualTo("FORBIDDEN");
    assertThat(sweep(new Merchant(payer.id(), payer.owner(), payer.token())).code())
        .isEqualTo("VALIDATION_FAILED");
    assertBooksBalance();
  }

  private long merchantBalance(Merchant merchant) {
    return api()
        .get("/v1/accounts/" + merchant.id(), merchant.token())
        .json()
        .get("balance")
        .asLong();
  }

  @Test
  void aRefundByReversalAfterASweepTakesTheMoneyFromTheMerchant() {
    Merchant merchant = openMerchant(4);
    Wallet payer = walletWith(10_000);
    ApiClient.Reply paid = transfer(payer, merchant.id(), 5_000, ApiClient.newKey());
    assertThat(paid.status()).as(paid.body()).isEqualTo(201);
    assertThat(sweep(merchant).json().get("sweptAmount").asLong()).isEqualTo(5_000);

    ApiClient.Reply refunded = reverse(paid.json().get("transactionId").asText());

    assertThat(refunded.status()).as(refunded.body()).isEqualTo(201);
    assertThat(merchantBalance(merchant)).isZero();
    assertThat(balance(merchant.id())).isZero();
    assertThat(balance(payer.id())).isEqualTo(10_000);
    assertBooksBalance();
  }

  @Test
  void reversalsRacingSweepsNeverPostZeroNorFailAndEveryPaymentIsRefundedOnce() throws Exception {
    Merchant merchant = openMerchant(4);
    List<Wallet> payers = new ArrayList<>();
    for (int i = 0; i < 20; i++) {
      payers.add(walletWith(100_000));
    }
    List<String> payments = new ArrayList<>();
    for (int i = 0; i < 200; i++) {
      ApiClient.Reply paid =
          transfer(payers.get(i % 20), merchant.id(), 100 + i, ApiClient.newKey());
      assertThat(paid.status()).as(paid.body()).isEqualTo(201);
      payments.add(paid.json().get("transactionId").asText());
      if (i % 40 == 19) {
        // Most of the money reaches the main account; the last payments stay on the shards.
        sweep(merchant);
      }
    }
    List<Callable<ApiClient.Reply>> race = new ArrayList<>();
    payments.forEach(id -> race.add(() -> reverse(id)));
    for (int i = 0; i < 50; i++) {
      race.add(() -> sweep(merchant));
    }
    Collections.shuffle(race);

    List<ApiClient.Reply> replies = concurrently(race);

    assertThat(replies).allSatisfy(r -> assertThat(r.status()).as(r.body()).isIn(200, 201, 422));
    // A reversal whose payment's money sat on another shard at that moment may be refused; it is
    // never half done, and once a sweep has gathered the money it passes.
    assertThat(replies)
        .filteredOn(r -> r.status() == 422)
        .allSatisfy(r -> assertThat(r.code()).isEqualTo("INSUFFICIENT_FUNDS"));
    sweep(merchant);
    for (String payment : payments) {
      ApiClient.Reply again = reverse(payment);
      assertThat(again.status()).as(again.body()).isIn(201, 409);
    }
    assertThat(merchantBalance(merchant)).isZero();
    assertThat(payers).allSatisfy(p -> assertThat(balance(p.id())).isEqualTo(100_000));
    long zeroEntries =
        jdbc.sql(
                "SELECT count(*) FROM ledger_entry WHERE amount = 0 AND account_id IN"
                    + " (SELECT id FROM account WHERE id = ? OR parent_id = ?)")
            .params(merchant.id(), merchant.id())
            .query(Long.class)
            .single();
    assertThat(zeroEntries).isZero();
    assertBooksBalance();
  }
}
