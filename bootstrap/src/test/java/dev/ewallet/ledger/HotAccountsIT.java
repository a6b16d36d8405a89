package dev.ewallet.ledger;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ewallet.ledger.domain.hotaccount.HotAccountDecision;
import dev.ewallet.ledger.domain.port.in.SplitHotAccountsCommand;
import dev.ewallet.ledger.domain.port.in.SplitHotAccountsUseCase;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import tools.jackson.databind.JsonNode;

/**
 * The ledger finds a hot merchant and splits it by itself, over HTTP on real PostgreSQL: 2,000
 * concurrent payments to a merchant opened without shards, split while they run (the shared context
 * measures merchant rows but splits only when asked, so the test asks, over and over, as the
 * scheduled job would); none lost or doubled, the aggregate exact, its statement and chain
 * verification still right; operators see the decision with its measurement, and forbid or pin.
 */
class HotAccountsIT extends LedgerIntegrationTest {

  @Autowired SplitHotAccountsUseCase split;

  private static final int PAYMENTS = 2_000;
  private static final int LATER = 200;
  private static final long AMOUNT = 100;

  /**
   * A payment sent again under its key when the connection failed before an answer, as a client
   * would: the key makes the second send return the first one's outcome, never a second payment.
   */
  private ApiClient.Reply payOnce(Wallet payer, long merchant, String key) {
    for (int attempt = 1; ; attempt++) {
      try {
        return transfer(payer, merchant, AMOUNT, key);
      } catch (IllegalStateException connectionFailed) {
        if (attempt == 3) {
          throw connectionFailed;
        }
      }
    }
  }

  @Test
  void aMerchantIsSplitWhile2000PaymentsRunAndNoneIsLostOrDoubled() throws Exception {
    Merchant shop = openMerchant();
    List<Wallet> payers = IntStream.range(0, 20).mapToObj(i -> walletWith(1_000_000)).toList();
    Instant before = Instant.now();
    List<HotAccountDecision> decisions = new CopyOnWriteArrayList<>();
    AtomicBoolean paying = new AtomicBoolean(true);
    List<Callable<ApiClient.Reply>> payments = new ArrayList<>();
    for (int i = 0; i < PAYMENTS; i++) {
      Wallet payer = payers.get(i % payers.size());
      String key = ApiClient.newKey();
      payments.add(() -> payOnce(payer, shop.id(), key));
    }

    List<ApiClient.Reply> replies;
    try (ExecutorService job = Executors.newSingleThreadExecutor()) {
      Future<?> splitting =
          job.submit(() -> {
            while (paying.get()) {
              split.splitHot(new SplitHotAccountsCommand(10)).stream()
                  .filter(d -> d.merchant().value() == shop.id())
                  .forEach(decisions::add);
              Thread.sleep(20);
            }
            return null;
          });
      try {
        replies = concurrently(payments);
      } finally {
        // Stopped whatever the payments did, or closing the executor would wait for ever.
        paying.set(false);
      }
      splitting.get();
    }

    Set<String> posted = new HashSet<>();
    for (ApiClient.Reply reply : replies) {
      // 200: a payment sent again after a lost answer, replayed under its key.
      assertThat(reply.status()).as(reply.body()).isIn(200, 201);
      posted.add(reply.json().get("transactionId").asText());
    }
    assertThat(posted).as("every payment its own transaction").hasSize(PAYMENTS);
    assertThat(decisions)
        .as("split once, by the ledger, on its own measurement, while the payments ran")
        .singleElement()
        .satisfies(d -> {
          assertThat(d.action()).isEqualTo(HotAccountDecision.Action.SPLIT);
          assertThat(d.shardsBefore()).isZero();
          assertThat(d.shardsAfter()).isEqualTo(16);
          assertThat(d.measuredRow().value()).isEqualTo(shop.id());
          assertThat(d.postingsPerSecond()).isGreaterThanOrEqualTo(50);
        });

    // Payments routed before the split (all of the burst, which arrived at once) land on the main
    // account; those that arrive after it spread over the shards.
    List<Callable<ApiClient.Reply>> later = new ArrayList<>();
    for (int i = 0; i < LATER; i++) {
      Wallet payer = payers.get(i % payers.size());
      String key = ApiClient.newKey();
      later.add(() -> payOnce(payer, shop.id(), key));
    }
    Set<String> afterSplit = new HashSet<>();
    for (ApiClient.Reply reply : concurrently(later)) {
      assertThat(reply.status()).as(reply.body()).isEqualTo(201);
      afterSplit.add(reply.json().get("transactionId").asText());
    }
    assertThat(
            jdbc.sql(
                    "SELECT count(*) FROM ledger_entry e JOIN account a ON a.id = e.account_id"
                        + " WHERE a.parent_id = ? AND e.transaction_id::text = ANY (?)")
                .params(shop.id(), afterSplit.toArray(String[]::new))
                .query(Long.class)
                .single())
        .as("every payment after the split landed on a shard")
        .isEqualTo(LATER);
    long total = (PAYMENTS + LATER) * AMOUNT;

    JsonNode merchant = api().get("/v1/accounts/" + shop.id(), OPERATOR).json();
    assertThat(merchant.get("shards").asInt()).isEqualTo(16);
    assertThat(merchant.get("balance").asLong()).isEqualTo(total);
    List<Long> credited =
        jdbc.sql(
                "SELECT e.account_id FROM ledger_entry e JOIN account a ON a.id = e.account_id"
                    + " WHERE (a.id = ? OR a.parent_id = ?) AND e.amount > 0")
            .params(shop.id(), shop.id())
            .query(Long.class)
            .list();
    assertThat(credited).as("each payment credited once").hasSize(PAYMENTS + LATER);

    JsonNode statement =
        api().get(statementPath(shop.id(), before, Instant.now().plusSeconds(1)), OPERATOR).json();
    assertThat(statement.get("openingBalance").asLong()).isZero();
    assertThat(statement.get("totalCredits").asLong()).isEqualTo(total);
    assertThat(statement.get("closingBalance").asLong()).isEqualTo(total);
    assertThat(statement.get("entryCount").asLong()).isEqualTo(PAYMENTS + LATER);
    assertThat(
            api()
                .get("/v1/accounts/" + shop.id() + "/verification", OPERATOR)
                .json()
                .get("verified")
                .asBoolean())
        .isTrue();
    assertBooksBalance();

    JsonNode listed = api().get("/v1/hot-accounts?limit=100", OPERATOR).json();
    assertThat(listed.get("rule").get("postingsPerSecond").asLong()).isEqualTo(50);
    assertThat(listed.get("items").findValues("accountId"))
        .extracting(JsonNode::asLong)
        .contains(shop.id());
    assertThat(listed.get("hottest").findValues("accountId"))
        .as("the merchant's rows are the busiest this instance measured")
        .isNotEmpty();
  }

  @Test
  void operatorsForbidOrPinSplittingAndAWalletIsNeverSplit() {
    Merchant shop = openMerchant();
    ApiClient.Reply forbidden =
        api().put("/v1/hot-accounts/" + shop.id(), OPERATOR, "{\"splitting\":\"FORBIDDEN\"}");
    assertThat(forbidden.status()).as(forbidden.body()).isEqualTo(200);
    assertThat(forbidden.json().get("action").asText()).isEqualTo("FORBIDDEN");
    assertThat(forbidden.json().has("measuredAccountId")).isFalse();

    ApiClient.Reply pinned =
        api()
            .put(
                "/v1/hot-accounts/" + shop.id(),
                OPERATOR,
                "{\"splitting\":\"PINNED\",\"shards\":4}");
    assertThat(pinned.status()).as(pinned.body()).isEqualTo(200);
    assertThat(pinned.json().get("shardsAfter").asInt()).isEqualTo(4);
    assertThat(api().get("/v1/accounts/" + shop.id(), OPERATOR).json().get("shards").asInt())
        .isEqualTo(4);

    Wallet wallet = openWallet();
    assertProblem(
        api().put("/v1/hot-accounts/" + wallet.id(), OPERATOR, "{\"splitting\":\"PINNED\"}"),
        400,
        "VALIDATION_FAILED");
    assertProblem(
        api().put("/v1/hot-accounts/" + shop.id(), OPERATOR, "{\"splitting\":\"SOMETIMES\"}"),
        400,
        "VALIDATION_FAILED");
    assertProblem(
        api().put("/v1/hot-accounts/" + shop.id(), shop.token(), "{\"splitting\":\"AUTOMATIC\"}"),
        403,
        "FORBIDDEN");
    assertProblem(api().get("/v1/hot-accounts", shop.token()), 403, "FORBIDDEN");
  }
}
