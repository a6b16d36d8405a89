package dev.ewallet.ledger;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

/**
 * Freezes over HTTP: a wallet frozen for DEBITS refuses every debit path and still receives, one
 * frozen for ALL refuses credits too, operators' remedies and the settling of what was pending
 * still post, a merchant is frozen with its shards (those opened later too), every change is
 * recorded, and a freeze racing transfers never lets one through after it.
 */
class FreezesIT extends LedgerIntegrationTest {

  @Autowired AuditFlushJob auditFlush;

  private ApiClient.Reply freeze(long accountId, String mode, String token) {
    return api()
        .post(
            "/v1/accounts/" + accountId + "/freeze",
            token,
            null,
            "{\"mode\":\"" + mode + "\",\"reason\":\"fraud review 42\"}");
  }

  private void frozen(long accountId, String mode, String status) {
    ApiClient.Reply reply = freeze(accountId, mode, OPERATOR);
    assertThat(reply.status()).as(reply.body()).isEqualTo(200);
    assertThat(reply.json().get("status").asText()).isEqualTo(status);
  }

  private ApiClient.Reply unfreeze(long accountId) {
    return api().post("/v1/accounts/" + accountId + "/unfreeze", OPERATOR, null, null);
  }

  private ApiClient.Reply depositTo(long accountId, long amount) {
    return api()
        .post(
            "/v1/deposits",
            OPERATOR,
            ApiClient.newKey(),
            "{\"accountId\":" + accountId + ",\"amount\":" + amount + "}");
  }

  private static void assertFrozen(ApiClient.Reply reply) {
    assertProblem(reply, 422, "ACCOUNT_FROZEN");
  }

  private String status(long accountId) {
    return api().get("/v1/accounts/" + accountId, OPERATOR).json().get("status").asText();
  }

  @Test
  void aWalletFrozenForDebitsRefusesEveryDebitAndStillReceives() {
    Wallet wallet = walletWith(10_000);
    Wallet other = walletWith(10_000);
    assertThat(status(wallet.id())).isEqualTo("ACTIVE");
    String etag = api().get("/v1/accounts/" + wallet.id(), wallet.token()).header("ETag");

    frozen(wallet.id(), "DEBITS", "FROZEN_DEBITS");

    assertFrozen(transfer(wallet, other.id(), 1_000, ApiClient.newKey()));
    assertFrozen(withdraw(wallet, 1_000));
    assertFrozen(hold(wallet, other.id(), 1_000, Instant.now().plus(1, ChronoUnit.HOURS)));
    assertThat(transfer(other, wallet.id(), 500, ApiClient.newKey()).status()).isEqualTo(201);
    assertThat(depositTo(wallet.id(), 700).status()).isEqualTo(201);
    assertThat(balance(wallet.id())).isEqualTo(11_200);
    // The owner sees the status, and the account's ETag changed with it.
    ApiClient.Reply read = api().get("/v1/accounts/" + wallet.id(), wallet.token());
    assertThat(read.json().get("status").asText()).isEqualTo("FROZEN_DEBITS");
    assertThat(read.header("ETag")).isNotEqualTo(etag);

    ApiClient.Reply lifted = unfreeze(wallet.id());
    assertThat(lifted.status()).as(lifted.body()).isEqualTo(200);
    assertThat(lifted.json().get("status").asText()).isEqualTo("ACTIVE");
    assertThat(transfer(wallet, other.id(), 1_000, ApiClient.newKey()).status()).isEqualTo(201);
    assertThat(balance(wallet.id())).isEqualTo(10_200);
    assertBooksBalance();
  }

  @Test
  void aWalletFrozenForAllRefusesCreditsTooAndItsPendingMoneyStillSettles() {
    Wallet wallet = walletWith(10_000);
    Wallet other = walletWith(10_000);
    ApiClient.Reply placed =
        hold(wallet, other.id(), 3_000, Instant.now().plus(1, ChronoUnit.HOURS));
    assertThat(placed.status()).as(placed.body()).isEqualTo(201);
    ApiClient.Reply paid = transfer(other, wallet.id(), 2_000, ApiClient.newKey());
    assertThat(paid.status()).isEqualTo(201);

    frozen(wallet.id(), "ALL", "FROZEN_ALL");

    assertFrozen(transfer(other, wallet.id(), 500, ApiClient.newKey()));
    assertFrozen(depositTo(wallet.id(), 500));
    assertFrozen(transfer(wallet, other.id(), 500, ApiClient.newKey()));
    assertThat(balance(wallet.id())).isEqualTo(9_000);
    // Voiding the hold gives back money the wallet already had: not stopped.
    ApiClient.Reply voided =
        api()
            .post(
                "/v1/holds/" + placed.json().get("holdId").asText() + "/void",
                OPERATOR,
                ApiClient.newKey(),
                null);
    assertThat(voided.status()).as(voided.body()).isEqualTo(200);
    assertThat(balance(wallet.id())).isEqualTo(12_000);
    // The operator's remedy, a reversal of what the frozen wallet received, still posts.
    ApiClient.Reply reversed = reverse(paid.json().get("transactionId").asText());
    assertThat(reversed.status()).as(reversed.body()).isEqualTo(201);
    assertThat(balance(wallet.id())).isEqualTo(10_000);
    assertBooksBalance();
  }

  @Test
  void aMerchantIsFrozenWithItsShardsAndAShardOpenedLaterIsFrozenToo() {
    Merchant merchant = openMerchant(2);
    Wallet payer = walletWith(10_000);

    frozen(merchant.id(), "ALL", "FROZEN_ALL");
    ApiClient.Reply resized =
        api().post("/v1/accounts/" + merchant.id() + "/shards", OPERATOR, null, "{\"shards\":6}");
    assertThat(resized.status()).as(resized.body()).isEqualTo(200);

    assertThat(
            jdbc.sql("SELECT DISTINCT status FROM account WHERE id = ? OR parent_id = ?")
                .params(merchant.id(), merchant.id())
                .query(String.class)
                .list())
        .containsExactly("FROZEN_ALL");
    // Credits land on a random shard: every one of several is refused.
    for (int i = 0; i < 12; i++) {
      assertFrozen(transfer(payer, merchant.id(), 100, ApiClient.newKey()));
    }
    assertThat(unfreeze(merchant.id()).status()).isEqualTo(200);
    assertThat(transfer(payer, merchant.id(), 100, ApiClient.newKey()).status()).isEqualTo(201);
  }

  @Test
  void everyFreezeAndUnfreezeIsRecordedWithWhoAndWhy() {
    Wallet wallet = walletWith(1_000);

    frozen(wallet.id(), "DEBITS", "FROZEN_DEBITS");
    frozen(wallet.id(), "ALL", "FROZEN_ALL");
    assertThat(unfreeze(wallet.id()).status()).isEqualTo(200);

    List<Map<String, Object>> changes =
        jdbc.sql(
                "SELECT status, reason, changed_by FROM account_status_change"
                    + " WHERE account_id = ? ORDER BY id")
            .param(wallet.id())
            .query()
            .listOfRows();
    assertThat(changes)
        .extracting(row -> row.get("status"))
        .containsExactly("FROZEN_DEBITS", "FROZEN_ALL", "ACTIVE");
    assertThat(changes)
        .extracting(row -> row.get("reason"))
        .containsExactly("fraud review 42", "fraud review 42", null);
    assertThat(changes).allSatisfy(row -> assertThat(row.get("changed_by")).isEqualTo(OPERATOR_ID));
    // The audit trail holds the requests themselves, each naming the account.
    auditFlush.run();
    assertThat(
            jdbc.sql(
                    "SELECT count(*) FROM audit_event WHERE ? = ANY (account_ids) AND status = 200"
                        + " AND (path LIKE '%/freeze' OR path LIKE '%/unfreeze')")
                .param(wallet.id())
                .query(Long.class)
                .single())
        .isEqualTo(3);
  }

  @Test
  void onlyOperatorsFreezeAndBadRequestsAreRefused() {
    Wallet wallet = walletWith(1_000);

    assertProblem(freeze(wallet.id(), "DEBITS", wallet.token()), 403, "FORBIDDEN");
    assertProblem(freeze(wallet.id(), "SOME", OPERATOR), 400, "VALIDATION_FAILED");
    assertProblem(
        api().post("/v1/accounts/" + wallet.id() + "/freeze", OPERATOR, null, "{}"),
        400,
        "VALIDATION_FAILED");
    assertProblem(freeze(Long.MAX_VALUE / 2, "ALL", OPERATOR), 404, "ACCOUNT_NOT_FOUND");
    String longReason = "x".repeat(501);
    assertProblem(
        api()
            .post(
                "/v1/accounts/" + wallet.id() + "/freeze",
                OPERATOR,
                null,
                "{\"mode\":\"ALL\",\"reason\":\"" + longReason + "\"}"),
        400,
        "VALIDATION_FAILED");
    assertThat(status(wallet.id())).isEqualTo("ACTIVE");
  }

  /**
   * Transfers racing a freeze: each either posted before it or is refused, and once the freeze has
   * answered, nothing more leaves the wallet.
   */
  @Test
  void aFreezeRacingTransfersLetsNoneThroughAfterIt() throws Exception {
    Wallet wallet = walletWith(100_000);
    Wallet target = openWallet();
    List<Callable<ApiClient.Reply>> tasks = new ArrayList<>();
    for (int i = 0; i < 40; i++) {
      tasks.add(() -> transfer(wallet, target.id(), 1_000, ApiClient.newKey()));
    }
    tasks.add(20, () -> freeze(wallet.id(), "DEBITS", OPERATOR));

    List<ApiClient.Reply> replies = new ArrayList<>(concurrently(tasks));

    assertThat(replies.remove(20).status()).isEqualTo(200);
    assertThat(replies)
        .hasSize(40)
        .allSatisfy(r -> assertThat(r.status()).as(r.body()).isIn(201, 422))
        .filteredOn(r -> r.status() == 422)
        .allSatisfy(r -> assertThat(r.code()).isEqualTo("ACCOUNT_FROZEN"));
    long posted = replies.stream().filter(r -> r.status() == 201).count();
    assertThat(balance(wallet.id())).isEqualTo(100_000 - posted * 1_000);
    assertThat(entrySum(target.id())).isEqualTo(posted * 1_000);
    // Every transfer that posted took its time before the freeze took the wallet's lock.
    assertThat(
            jdbc.sql(
                    "SELECT count(*) FROM ledger_entry WHERE account_id = ? AND amount < 0"
                        + " AND created_at > (SELECT changed_at FROM account_status_change"
                        + " WHERE account_id = ?)")
                .params(wallet.id(), wallet.id())
                .query(Long.class)
                .single())
        .isZero();
    assertFrozen(transfer(wallet, target.id(), 1_000, ApiClient.newKey()));
    assertBooksBalance();
  }
}
