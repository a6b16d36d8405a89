package dev.ewallet.ledger;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ewallet.ledger.adapter.banksimulator.SimulatedBank;
import dev.ewallet.ledger.domain.journal.TransactionId;
import dev.ewallet.ledger.domain.port.out.BankPayoutGateway;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.Callable;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.context.ConfigurableApplicationContext;
import tools.jackson.databind.JsonNode;

/** Withdrawals and holds over HTTP: every transition, every illegal one, races and a restart. */
class BankFlowIT extends LedgerIntegrationTest {

  @Autowired HoldExpiryJob expiryJob;
  @Autowired PayoutJob payoutJob;
  @Autowired BankPayoutGateway bank;

  private ApiClient.Reply step(String path, String token, String key, String body) {
    return api().post(path, token, key, body);
  }

  private static String id(ApiClient.Reply reply, String field) {
    assertThat(reply.status()).as(reply.body()).isIn(201, 202);
    return reply.json().get(field).asText();
  }

  private long held(Wallet wallet) {
    return api()
        .get("/v1/accounts/" + wallet.id(), wallet.token())
        .json()
        .get("heldAmount")
        .asLong();
  }

  @Test
  void aWithdrawalIsPendingUntilTheBankAnswersAndThenFinal() {
    Wallet wallet = walletWith(10_000);
    Wallet stranger = openWallet();
    ApiClient.Reply accepted = withdraw(wallet, 4_000);
    assertThat(accepted.status()).isEqualTo(202);
    assertThat(accepted.json().get("status").asText()).isEqualTo("PENDING");
    String id = id(accepted, "withdrawalId");
    String path = "/v1/withdrawals/" + id;
    assertThat(accepted.header("Location")).isEqualTo(path);

    JsonNode pending = api().get(path, wallet.token()).json();
    assertThat(pending.get("status").asText()).isEqualTo("PENDING");
    assertThat(pending.get("amount").asLong()).isEqualTo(4_000);
    assertThat(balance(wallet.id())).isEqualTo(6_000);
    assertThat(held(wallet)).isEqualTo(4_000);
    assertThat(api().get(path, stranger.token()).code()).isEqualTo("FORBIDDEN");
    assertThat(step(path + "/complete", wallet.token(), ApiClient.newKey(), null).code())
        .isEqualTo("FORBIDDEN");

    String key = ApiClient.newKey();
    ApiClient.Reply completed = step(path + "/complete", OPERATOR, key, null);
    assertThat(completed.status()).isEqualTo(200);
    assertThat(completed.json().get("status").asText()).isEqualTo("COMPLETED");
    ApiClient.Reply replay = step(path + "/complete", OPERATOR, key, null);
    assertThat(replay.header("Idempotent-Replayed")).isEqualTo("true");
    assertThat(replay.body()).isEqualTo(completed.body());
    assertThat(step(path + "/complete", OPERATOR, ApiClient.newKey(), null).code())
        .isEqualTo("WITHDRAWAL_NOT_PENDING");
    assertThat(step(path + "/fail", OPERATOR, ApiClient.newKey(), null).code())
        .isEqualTo("WITHDRAWAL_NOT_PENDING");
    assertThat(held(wallet)).isZero();
    assertThat(balance(wallet.id())).isEqualTo(6_000);
    assertBooksBalance();
  }

  /** Every item of an operator's paged list, following its cursors to the end. */
  private List<JsonNode> everyPage(String path) {
    List<JsonNode> items = new ArrayList<>();
    String cursor = null;
    do {
      ApiClient.Reply page =
          api().get(path + (cursor == null ? "" : "&cursor=" + cursor), OPERATOR);
      assertThat(page.status()).as(page.body()).isEqualTo(200);
      page.json().get("items").forEach(items::add);
      JsonNode next = page.json().path("nextCursor");
      cursor = next.isString() ? next.asText() : null;
    } while (cursor != null);
    return items;
  }

  @Test
  void operatorsSeeTheHoldsAboutToExpireSoonestFirst() {
    Wallet wallet = walletWith(10_000);
    Wallet shop = openWallet();
    Instant now = Instant.now();
    String inTwoHours = id(hold(wallet, shop.id(), 100, now.plus(Duration.ofHours(2))), "holdId");
    String inAnHour = id(hold(wallet, shop.id(), 100, now.plus(Duration.ofHours(1))), "holdId");
    String nextWeek = id(hold(wallet, shop.id(), 100, now.plus(Duration.ofDays(7))), "holdId");

    List<JsonNode> withinADay = everyPage("/v1/holds?limit=2");
    List<JsonNode> withinAWeek =
        everyPage("/v1/holds?limit=50&expiringBefore=" + now.plus(Duration.ofDays(8)));

    assertThat(withinADay)
        .extracting(h -> h.get("holdId").asText())
        .containsSubsequence(inAnHour, inTwoHours)
        .doesNotContain(nextWeek);
    assertThat(withinADay).extracting(h -> Instant.parse(h.get("expiresAt").asText())).isSorted();
    assertThat(withinAWeek).extracting(h -> h.get("holdId").asText()).contains(nextWeek);
    assertThat(api().get("/v1/holds", wallet.token()).code()).isEqualTo("FORBIDDEN");
  }

  @Test
  void operatorsPageThroughThePendingWithdrawalsOldestFirst() {
    Wallet wallet = walletWith(10_000);
    String first = id(withdraw(wallet, 1_000), "withdrawalId");
    String settled = id(withdraw(wallet, 2_000), "withdrawalId");
    String last = id(withdraw(wallet, 3_000), "withdrawalId");
    assertThat(
            step("/v1/withdrawals/" + settled + "/complete", OPERATOR, ApiClient.newKey(), null)
                .status())
        .isEqualTo(200);

    List<JsonNode> queue = everyPage("/v1/withdrawals?limit=2");
    List<String> pending = queue.stream().map(w -> w.get("withdrawalId").asText()).toList();
    List<Instant> requested =
        queue.stream().map(w -> Instant.parse(w.get("createdAt").asText())).toList();
    assertThat(queue).allSatisfy(w -> assertThat(w.get("status").asText()).isEqualTo("PENDING"));

    assertThat(pending)
        .containsSubsequence(first, last)
        .doesNotContain(settled)
        .doesNotHaveDuplicates();
    assertThat(requested).isSorted();
    assertThat(api().get("/v1/withdrawals", wallet.token()).code()).isEqualTo("FORBIDDEN");
    assertThat(api().get("/v1/withdrawals?cursor=bm9wZQ", OPERATOR).code())
        .isEqualTo("VALIDATION_FAILED");
    assertThat(api().get("/v1/withdrawals?limit=101", OPERATOR).status()).isEqualTo(400);
  }

  @Test
  void aFailedWithdrawalGivesTheMoneyBack() {
    Wallet wallet = walletWith(10_000);
    String path = "/v1/withdrawals/" + id(withdraw(wallet, 3_000), "withdrawalId");

    ApiClient.Reply failed =
        step(path + "/fail", OPERATOR, ApiClient.newKey(), "{\"reason\":\"account closed\"}");

    assertThat(failed.status()).isEqualTo(200);
    assertThat(failed.json().get("status").asText()).isEqualTo("FAILED");
    assertThat(failed.json().get("failureReason").asText()).isEqualTo("account closed");
    assertThat(balance(wallet.id())).isEqualTo(10_000);
    assertThat(step(path + "/complete", OPERATOR, ApiClient.newKey(), null).code())
        .isEqualTo("WITHDRAWAL_NOT_PENDING");
    assertThat(withdraw(wallet, 10_001).code()).isEqualTo("INSUFFICIENT_FUNDS");
    assertThat(api().get("/v1/withdrawals/" + UUID.randomUUID(), OPERATOR).code())
        .isEqualTo("WITHDRAWAL_NOT_FOUND");
    assertBooksBalance();
  }

  @Test
  void aHoldIsCapturedInPartOrVoidedAndThenFinal() {
    Wallet wallet = walletWith(10_000);
    Wallet shop = openWallet();
    Instant tomorrow = Instant.now().plusSeconds(86_400);
    ApiClient.Reply placed = hold(wallet, shop.id(), 5_000, tomorrow);
    assertThat(placed.status()).isEqualTo(201);
    String path = "/v1/holds/" + id(placed, "holdId");
    assertThat(held(wallet)).isEqualTo(5_000);
    assertThat(step(path + "/capture", wallet.token(), ApiClient.newKey(), null).code())
        .isEqualTo("FORBIDDEN");
    assertThat(step(path + "/capture", OPERATOR, ApiClient.newKey(), "{\"amount\":5001}").code())
        .isEqualTo("VALIDATION_FAILED");

    ApiClient.Reply captured =
        step(path + "/capture", OPERATOR, ApiClient.newKey(), "{\"amount\":3000}");

    assertThat(captured.status()).isEqualTo(200);
    assertThat(captured.json().get("status").asText()).isEqualTo("CAPTURED");
    assertThat(captured.json().get("capturedAmount").asLong()).isEqualTo(3_000);
    assertThat(balance(shop.id())).isEqualTo(3_000);
    assertThat(balance(wallet.id())).isEqualTo(7_000);
    assertThat(step(path + "/void", wallet.token(), ApiClient.newKey(), null).code())
        .isEqualTo("HOLD_NOT_PENDING");

    String second = "/v1/holds/" + id(hold(wallet, shop.id(), 1_000, tomorrow), "holdId");
    ApiClient.Reply voided = step(second + "/void", wallet.token(), ApiClient.newKey(), null);
    assertThat(voided.json().get("status").asText()).isEqualTo("VOIDED");
    assertThat(step(second + "/capture", OPERATOR, ApiClient.newKey(), null).code())
        .isEqualTo("HOLD_NOT_PENDING");
    assertThat(balance(wallet.id())).isEqualTo(7_000);
    assertThat(hold(wallet, shop.id(), 1, Instant.now().minusSeconds(1)).code())
        .isEqualTo("VALIDATION_FAILED");
    assertThat(api().get("/v1/holds/" + UUID.randomUUID(), OPERATOR).code())
        .isEqualTo("HOLD_NOT_FOUND");
    assertBooksBalance();
  }

  @Test
  void concurrentHoldsTransfersAndWithdrawalsNeverOverdrawAWallet() throws Exception {
    Wallet wallet = walletWith(10_000);
    Wallet other = openWallet();
    Instant tomorrow = Instant.now().plusSeconds(86_400);
    List<ApiClient.Reply> replies =
        concurrently(
            IntStream.range(0, 90)
                .<Callable<ApiClient.Reply>>mapToObj(i ->
                    switch (i % 3) {
                      case 0 -> () -> hold(wallet, other.id(), 300, tomorrow);
                      case 1 -> () -> transfer(wallet, other.id(), 300, ApiClient.newKey());
                      default -> () -> withdraw(wallet, 300);
                    })
                .toList());

    long succeeded = replies.stream().filter(r -> r.status() == 201 || r.status() == 202).count();
    assertThat(succeeded).isEqualTo(33);
    assertThat(replies)
        .filteredOn(r -> r.status() >= 400)
        .allSatisfy(r -> assertThat(r.code()).isEqualTo("INSUFFICIENT_FUNDS"));
    assertThat(balance(wallet.id())).isEqualTo(10_000 - 33 * 300);
    assertBooksBalance();
  }

  @Test
  void expiryReleasesExactlyOnceEvenWhenCapturesRaceIt() throws Exception {
    Wallet wallet = walletWith(100_000);
    Wallet shop = openWallet();
    // Every hold must be placed before this (a hold cannot expire in the past): ten requests in
    // three seconds leaves a stalled machine room.
    Instant soon = Instant.now().plusSeconds(3);
    List<String> holds = new ArrayList<>();
    for (int i = 0; i < 10; i++) {
      holds.add(id(hold(wallet, shop.id(), 1_000, soon), "holdId"));
    }
    Thread.sleep(Math.max(0, soon.toEpochMilli() - System.currentTimeMillis() - 30));

    List<Callable<Object>> racers = new ArrayList<>();
    racers.add(expiryJob::run);
    racers.add(expiryJob::run);
    holds.forEach(h ->
        racers.add(() -> step("/v1/holds/" + h + "/capture", OPERATOR, ApiClient.newKey(), null)));
    concurrently(racers);
    expiryJob.run();

    long captured = 0;
    for (String h : holds) {
      JsonNode state = api().get("/v1/holds/" + h, OPERATOR).json();
      assertThat(state.get("status").asText()).isIn("CAPTURED", "EXPIRED");
      captured += state.get("capturedAmount").asLong();
      long settlements =
          jdbc.sql(
                  "SELECT count(*) FROM journal_transaction t JOIN hold h ON h.settled_by = t.id"
                      + " WHERE h.id = ?::uuid")
              .param(h)
              .query(Long.class)
              .single();
      assertThat(settlements).isEqualTo(1);
    }
    assertThat(balance(shop.id())).isEqualTo(captured);
    assertThat(balance(wallet.id())).isEqualTo(100_000 - captured);
    assertThat(held(wallet)).isZero();
    assertBooksBalance();
  }

  @Test
  void aRestartBetweenHoldAndCaptureLosesNothing() {
    Wallet wallet = walletWith(10_000);
    Wallet shop = openWallet();
    String holdId = id(hold(wallet, shop.id(), 2_500, Instant.now().plusSeconds(3_600)), "holdId");

    try (ConfigurableApplicationContext restarted =
        startAnotherInstance(Map.of("ledger.outbox.relay-enabled", false))) {
      ApiClient afterRestart = clientOf(restarted);
      assertThat(
              afterRestart.get("/v1/holds/" + holdId, wallet.token()).json().get("status").asText())
          .isEqualTo("PENDING");
      ApiClient.Reply captured =
          afterRestart.post("/v1/holds/" + holdId + "/capture", OPERATOR, ApiClient.newKey(), null);
      assertThat(captured.json().get("status").asText()).isEqualTo("CAPTURED");
    }
    assertThat(balance(shop.id())).isEqualTo(2_500);
    assertThat(balance(wallet.id())).isEqualTo(7_500);
    assertBooksBalance();
  }

  @Test
  void aPayoutWhoseBankCallNeverHappenedIsSentOnceByThePayoutJob() {
    Wallet wallet = walletWith(5_000);
    String id;
    try (ConfigurableApplicationContext crashing =
        startAnotherInstance(
            Map.of(
                "ledger.bank.gateway", "stops-before-the-call",
                "ledger.bank.payout-resend-interval", "PT1H"),
            ProcessStopsBeforeTheBankCall.class)) {
      ApiClient.Reply accepted =
          clientOf(crashing)
              .post(
                  "/v1/withdrawals",
                  wallet.token(),
                  ApiClient.newKey(),
                  "{\"accountId\":" + wallet.id() + ",\"amount\":1500}");
      id = id(accepted, "withdrawalId");
    }
    TransactionId withdrawal = TransactionId.parse(id);
    assertThat(SimulatedBank.payoutRequestsFor(bank, withdrawal)).isZero();
    // Older than the job's grace period, so it is not on its way from a live request any more.
    asOwner
        .sql("UPDATE withdrawal SET created_at = created_at - interval '1 hour' WHERE id = ?::uuid")
        .param(id)
        .update();

    payoutJob.run();
    payoutJob.run();

    assertThat(SimulatedBank.payoutRequestsFor(bank, withdrawal)).isEqualTo(1);
    assertThat(
            jdbc.sql("SELECT payout_requested_at IS NOT NULL FROM withdrawal WHERE id = ?::uuid")
                .param(id)
                .query(Boolean.class)
                .single())
        .isTrue();
    assertThat(payoutJob.oldestAge()).isGreaterThanOrEqualTo(java.time.Duration.ofHours(1));
    assertThat(payoutJob.health().getStatus()).isEqualTo(PayoutJob.WARNING);
    String path = "/v1/withdrawals/" + id;
    assertThat(step(path + "/complete", OPERATOR, ApiClient.newKey(), null).status())
        .isEqualTo(200);
    payoutJob.run();
    assertThat(balance(wallet.id())).isEqualTo(3_500);
    assertBooksBalance();
  }
}
