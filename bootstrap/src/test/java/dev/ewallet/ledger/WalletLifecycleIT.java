package dev.ewallet.ledger;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ewallet.ledger.domain.port.in.MarkDormantWalletsCommand;
import dev.ewallet.ledger.domain.port.in.MarkDormantWalletsUseCase;
import dev.ewallet.ledger.testkit.LedgerFixtures;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import tools.jackson.databind.JsonNode;

/**
 * Closing and reopening wallets over HTTP on PostgreSQL: a wallet closes only when it holds
 * nothing, a closed wallet refuses transfers both ways while its history, statement, balance at a
 * time and verification keep answering, money arriving for it late is kept in suspense and paid
 * back when an operator reopens it, and closed wallets do not count against the account limit; a
 * wallet whose owner did nothing past the dormancy period turns dormant, refuses debits, is in the
 * unclaimed-property report and wakes when its owner reactivates it. Swiss francs: no other test
 * keeps anything in that currency's suspense account.
 */
class WalletLifecycleIT extends LedgerIntegrationTest {

  @Autowired MarkDormantWalletsUseCase dormancy;

  private static final String CHF = "CHF";

  private ApiClient.Reply close(long accountId, String token) {
    return api()
        .post(
            "/v1/accounts/" + accountId + "/close", token, null, "{\"reason\":\"moving abroad\"}");
  }

  private ApiClient.Reply reopen(long accountId, String token) {
    return api().post("/v1/accounts/" + accountId + "/reopen", token, null, null);
  }

  private Wallet chfWalletWith(long balance) {
    Wallet wallet = openWallet(CHF);
    deposit(wallet.id(), balance);
    return wallet;
  }

  private List<JsonNode> keptInSuspense() {
    ApiClient.Reply reply = api().get("/v1/suspense?currency=" + CHF, OPERATOR);
    assertThat(reply.status()).as(reply.body()).isEqualTo(200);
    List<JsonNode> items = new ArrayList<>();
    reply.json().get("items").forEach(items::add);
    return items;
  }

  @Test
  void aWalletClosesOnlyEmptyThenRefusesTransfersAndItsHistoryStillAnswers() {
    Instant start = Instant.now().minus(1, ChronoUnit.MINUTES);
    Wallet wallet = chfWalletWith(1_000);
    Wallet other = chfWalletWith(1_000);

    ApiClient.Reply refused = close(wallet.id(), wallet.token());
    assertProblem(refused, 409, "ACCOUNT_NOT_EMPTY");
    assertThat(refused.json().get("balance").asLong()).isEqualTo(1_000);
    assertThat(refused.json().get("heldAmount").asLong()).isZero();
    assertThat(close(wallet.id(), other.token()).status()).isEqualTo(403);

    assertThat(transfer(wallet, other.id(), 1_000, ApiClient.newKey()).status()).isEqualTo(201);
    ApiClient.Reply closed = close(wallet.id(), wallet.token());
    assertThat(closed.status()).as(closed.body()).isEqualTo(200);
    assertThat(closed.json().get("status").asText()).isEqualTo("CLOSED");

    assertProblem(transfer(other, wallet.id(), 100, ApiClient.newKey()), 422, "ACCOUNT_CLOSED");
    assertProblem(transfer(wallet, other.id(), 1, ApiClient.newKey()), 422, "ACCOUNT_CLOSED");
    // Its owner cannot reopen it; reads keep answering for owner and operators.
    assertThat(reopen(wallet.id(), wallet.token()).status()).isEqualTo(403);
    ApiClient.Reply entries = api().get("/v1/accounts/" + wallet.id() + "/entries", wallet.token());
    assertThat(entries.status()).as(entries.body()).isEqualTo(200);
    assertThat(entries.json().get("items").size()).isEqualTo(2);
    Instant now = Instant.now().plus(1, ChronoUnit.SECONDS);
    ApiClient.Reply statement =
        api()
            .get(
                "/v1/accounts/" + wallet.id() + "/statement?from=" + start + "&to=" + now,
                wallet.token());
    assertThat(statement.status()).as(statement.body()).isEqualTo(200);
    ApiClient.Reply balanceAt =
        api().get("/v1/accounts/" + wallet.id() + "/balance?at=" + now, wallet.token());
    assertThat(balanceAt.status()).as(balanceAt.body()).isEqualTo(200);
    ApiClient.Reply verified = api().get("/v1/accounts/" + wallet.id() + "/verification", OPERATOR);
    assertThat(verified.json().get("verified").asBoolean()).as(verified.body()).isTrue();
    assertBooksBalance();
  }

  @Test
  void aLateRefundIsKeptInSuspenseAndPaidBackWhenAnOperatorReopensTheWallet() {
    Wallet payer = chfWalletWith(1_000);
    Wallet shop = openWallet(CHF);
    ApiClient.Reply paid = transfer(payer, shop.id(), 1_000, ApiClient.newKey());
    assertThat(paid.status()).isEqualTo(201);
    assertThat(close(payer.id(), payer.token()).status()).isEqualTo(200);

    ApiClient.Reply refund =
        api()
            .post(
                "/v1/transactions/" + paid.json().get("transactionId").asText() + "/refunds",
                OPERATOR,
                ApiClient.newKey(),
                "{\"amount\":400,\"reason\":\"late refund\"}");
    assertThat(refund.status()).as(refund.body()).isEqualTo(201);
    String refundId = refund.json().get("transactionId").asText();

    assertThat(balance(payer.id())).isZero();
    assertThat(balance(shop.id())).isEqualTo(600);
    assertThat(keptInSuspense())
        .filteredOn(item -> item.get("accountId").asLong() == payer.id())
        .singleElement()
        .satisfies(item -> {
          assertThat(item.get("transactionId").asText()).isEqualTo(refundId);
          assertThat(item.get("amount").asLong()).isEqualTo(400);
          assertThat(item.get("type").asText()).isEqualTo("REFUND");
          assertThat(item.get("releasedBy").isNull()).isTrue();
        });
    assertThat(api().get("/v1/suspense?currency=" + CHF, payer.token()).status()).isEqualTo(403);
    assertBooksBalance();

    ApiClient.Reply reopened = reopen(payer.id(), OPERATOR);
    assertThat(reopened.status()).as(reopened.body()).isEqualTo(200);
    assertThat(reopened.json().get("status").asText()).isEqualTo("ACTIVE");
    assertThat(reopened.json().get("balance").asLong()).isEqualTo(400);
    assertThat(keptInSuspense()).noneMatch(item -> item.get("accountId").asLong() == payer.id());
    ApiClient.Reply all = api().get("/v1/suspense?currency=" + CHF + "&status=ALL", OPERATOR);
    assertThat(all.json().get("items").findValues("releasedBy"))
        .anyMatch(released -> !released.isNull());
    // The wallet works again, and its statement shows the release.
    assertThat(transfer(payer, shop.id(), 400, ApiClient.newKey()).status()).isEqualTo(201);
    ApiClient.Reply entries = api().get("/v1/accounts/" + payer.id() + "/entries", payer.token());
    assertThat(entries.json().get("items").findValues("type"))
        .extracting(JsonNode::asText)
        .contains("SUSPENSE_RELEASE");
    assertBooksBalance();
  }

  @Test
  void closedWalletsDoNotCountAgainstTheLimitOfTwentyWallets() {
    long owner = LedgerFixtures.freshUserId();
    String token = TestTokens.user(owner);
    List<Long> wallets = new ArrayList<>();
    for (int i = 0; i < 20; i++) {
      ApiClient.Reply opened = api().post("/v1/accounts", token, null, "{\"currency\":\"CHF\"}");
      assertThat(opened.status()).as(opened.body()).isEqualTo(201);
      wallets.add(opened.json().get("id").asLong());
    }
    assertProblem(
        api().post("/v1/accounts", token, null, "{\"currency\":\"CHF\"}"),
        422,
        "TOO_MANY_ACCOUNTS");

    assertThat(close(wallets.getFirst(), token).status()).isEqualTo(200);

    assertThat(api().post("/v1/accounts", token, null, "{\"currency\":\"CHF\"}").status())
        .isEqualTo(201);
  }

  @Test
  void aWalletIdlePastThePeriodTurnsDormantRefusesDebitsIsReportedAndWakesUp() {
    Wallet idle = chfWalletWith(5_000);
    Wallet payer = chfWalletWith(5_000);
    // A cut-off after both were opened and funded, as if the dormancy period had passed; only
    // their ids are looked at, so no other test's wallet changes.
    Instant cutOff = Instant.now();
    assertThat(transfer(payer, idle.id(), 100, ApiClient.newKey()).status()).isEqualTo(201);
    long from = Math.min(idle.id(), payer.id());
    long to = Math.max(idle.id(), payer.id());
    // payer's transfer is its owner's activity since the cut-off; idle only received money.
    assertThat(dormancy.markDormant(new MarkDormantWalletsCommand(cutOff, from, to))).isEqualTo(1);
    // With a cut-off after that transfer payer turns dormant too; idle is dormant already.
    assertThat(dormancy.markDormant(new MarkDormantWalletsCommand(Instant.now(), from, to)))
        .isEqualTo(1);

    ApiClient.Reply read = api().get("/v1/accounts/" + idle.id(), idle.token());
    assertThat(read.json().get("status").asText()).isEqualTo("DORMANT");
    assertProblem(transfer(idle, payer.id(), 1, ApiClient.newKey()), 422, "ACCOUNT_DORMANT");
    assertThat(reopen(idle.id(), OPERATOR).json().get("status").asText()).isEqualTo("DORMANT");
    deposit(idle.id(), 800);
    assertThat(balance(idle.id())).isEqualTo(5_900);

    ApiClient.Reply report = api().get("/v1/reports/dormant-wallets?currency=CHF", OPERATOR);
    assertThat(report.status()).as(report.body()).isEqualTo(200);
    assertThat(report.json().get("items").findValues("accountId"))
        .extracting(JsonNode::asLong)
        .contains(idle.id(), payer.id());
    assertThat(report.json().get("byYearsDormant").get(0).get("years").asInt()).isZero();
    ApiClient.Reply csv =
        api()
            .send(
                api()
                    .request("/v1/reports/dormant-wallets?currency=CHF", OPERATOR)
                    .header("Accept", "text/csv")
                    .GET());
    assertThat(csv.status()).isEqualTo(200);
    assertThat(csv.body())
        .startsWith("accountId,ownerId,currency,balance,dormantSince,daysDormant\r\n")
        .contains("\r\n" + idle.id() + "," + idle.owner() + ",CHF,5900,");
    assertThat(api().get("/v1/reports/dormant-wallets?currency=CHF", idle.token()).status())
        .isEqualTo(403);

    ApiClient.Reply awake =
        api().post("/v1/accounts/" + idle.id() + "/reactivate", idle.token(), null, null);
    assertThat(awake.status()).as(awake.body()).isEqualTo(200);
    assertThat(awake.json().get("status").asText()).isEqualTo("ACTIVE");
    assertThat(transfer(idle, payer.id(), 1, ApiClient.newKey()).status()).isEqualTo(201);
    assertThat(
            api()
                .post("/v1/accounts/" + payer.id() + "/reactivate", OPERATOR, null, null)
                .json()
                .get("status")
                .asText())
        .isEqualTo("ACTIVE");
    assertBooksBalance();
  }
}
