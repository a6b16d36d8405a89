package dev.ewallet.ledger;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/**
 * The system accounts served by shards (ADR 0022), over HTTP on real PostgreSQL with the default
 * eight shards: 1,000 concurrent deposits and 1,000 concurrent withdrawals, then their 1,000
 * concurrent settlements, land on several shards; every balance is exact, each settlement took its
 * money from the very hold shard its request put it on, the aggregates read over HTTP are the sums
 * of the rows, the chains verify and the books reconcile.
 */
class SystemAccountShardsIT extends LedgerIntegrationTest {

  private static final int WALLETS = 50;
  private static final int EACH = 20;
  private static final long AMOUNT = 100;

  /** The rows of the currency's system account of {@code kind}: the main one and its shards. */
  private static final String ROWS =
      "SELECT a.id FROM account a WHERE a.owner_id IS NULL AND a.kind = ? AND a.currency = 'VND'";

  @Test
  void thousandConcurrentDepositsSpreadOverTheClearingShardsAndEveryBalanceIsExact()
      throws Exception {
    List<Wallet> wallets = IntStream.range(0, WALLETS).mapToObj(i -> openWallet()).toList();
    List<Callable<ApiClient.Reply>> deposits = new ArrayList<>();
    for (int i = 0; i < WALLETS * EACH; i++) {
      long wallet = wallets.get(i % WALLETS).id();
      String key = ApiClient.newKey();
      deposits.add(() ->
          api()
              .post(
                  "/v1/deposits",
                  OPERATOR,
                  key,
                  "{\"accountId\":" + wallet + ",\"amount\":" + AMOUNT + "}"));
    }

    List<String> posted = new ArrayList<>();
    for (ApiClient.Reply reply : concurrently(deposits)) {
      assertThat(reply.status()).as(reply.body()).isEqualTo(201);
      posted.add(reply.json().get("transactionId").asText());
    }

    for (Wallet wallet : wallets) {
      assertThat(balance(wallet.id())).isEqualTo(EACH * AMOUNT);
    }
    assertThat(systemRowsPostedBy(posted, "BANK_CLEARING"))
        .as("the deposits' clearing entries are on shards, more than one")
        .hasSizeGreaterThan(1)
        .doesNotContain(mainRow("BANK_CLEARING"));
    assertAggregateIsTheSumOfTheRows("BANK_CLEARING");
    assertThat(
            api()
                .get("/v1/accounts/" + mainRow("BANK_CLEARING") + "/verification", OPERATOR)
                .json()
                .get("verified")
                .asBoolean())
        .as("every shard's hash chain verifies")
        .isTrue();
    assertBooksBalance();
  }

  @Test
  void thousandConcurrentWithdrawalsAreSettledFromTheHoldShardTheirRequestsUsed() throws Exception {
    long funded = EACH * AMOUNT + 1_000;
    List<Wallet> wallets = IntStream.range(0, WALLETS).mapToObj(i -> walletWith(funded)).toList();
    List<Callable<ApiClient.Reply>> requests = new ArrayList<>();
    for (int i = 0; i < WALLETS * EACH; i++) {
      Wallet wallet = wallets.get(i % WALLETS);
      requests.add(() -> withdraw(wallet, AMOUNT));
    }
    List<String> withdrawals = new ArrayList<>();
    for (ApiClient.Reply reply : concurrently(requests)) {
      assertThat(reply.status()).as(reply.body()).isEqualTo(202);
      withdrawals.add(reply.json().get("withdrawalId").asText());
    }
    assertThat(systemRowsPostedBy(withdrawals, "HOLD")).hasSizeGreaterThan(1);
    assertBooksBalance();

    // Each wallet's first ten completed, the other ten failed: 1,000 settlements at once.
    List<Callable<ApiClient.Reply>> settlements = new ArrayList<>();
    for (int i = 0; i < withdrawals.size(); i++) {
      boolean completed = i / WALLETS < EACH / 2;
      String path = "/v1/withdrawals/" + withdrawals.get(i) + (completed ? "/complete" : "/fail");
      String key = ApiClient.newKey();
      settlements.add(() -> api().post(path, OPERATOR, key, null));
    }
    for (ApiClient.Reply reply : concurrently(settlements)) {
      assertThat(reply.status()).as(reply.body()).isEqualTo(200);
    }

    assertThat(
            jdbc.sql(
                    "SELECT count(*) FROM withdrawal w"
                        + " JOIN ledger_entry r ON r.transaction_id = w.id"
                        + " JOIN account ra ON ra.id = r.account_id AND ra.kind = 'HOLD'"
                        + " JOIN ledger_entry s ON s.transaction_id = w.settled_by"
                        + " JOIN account sa ON sa.id = s.account_id AND sa.kind = 'HOLD'"
                        + " WHERE w.id::text = ANY (?) AND r.account_id = s.account_id")
                .param(withdrawals.toArray(String[]::new))
                .query(Long.class)
                .single())
        .as("each settlement debited the hold shard its request credited")
        .isEqualTo(WALLETS * EACH);
    for (Wallet wallet : wallets) {
      // Half of each wallet's withdrawals failed and came back.
      assertThat(balance(wallet.id())).isEqualTo(funded - EACH / 2 * AMOUNT);
    }
    assertAggregateIsTheSumOfTheRows("HOLD");
    assertAggregateIsTheSumOfTheRows("PAYOUT_CLEARING");
    assertBooksBalance();
  }

  /** The distinct rows of {@code kind} the transactions posted to. */
  private List<Long> systemRowsPostedBy(List<String> transactions, String kind) {
    return jdbc.sql(
            "SELECT DISTINCT e.account_id FROM ledger_entry e JOIN account a ON a.id ="
                + " e.account_id WHERE a.kind = ? AND e.transaction_id::text = ANY (?)")
        .params(kind, transactions.toArray(String[]::new))
        .query(Long.class)
        .list();
  }

  private long mainRow(String kind) {
    return jdbc.sql(ROWS + " AND a.parent_id IS NULL").param(kind).query(Long.class).single();
  }

  /** The account read over HTTP has the balance of its rows together, and its shard count. */
  private void assertAggregateIsTheSumOfTheRows(String kind) {
    long sum =
        jdbc.sql(
                "SELECT coalesce(sum(balance), 0) FROM account WHERE owner_id IS NULL AND kind = ?"
                    + " AND currency = 'VND'")
            .param(kind)
            .query(Long.class)
            .single();
    JsonNode read = api().get("/v1/accounts/" + mainRow(kind), OPERATOR).json();
    assertThat(read.get("balance").asLong()).as(read.toString()).isEqualTo(sum);
    assertThat(jdbc.sql(ROWS).param(kind).query(Long.class).list()).hasSize(1 + 8);
  }
}
