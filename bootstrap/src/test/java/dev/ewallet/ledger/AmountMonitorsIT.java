package dev.ewallet.ledger;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ewallet.ledger.events.client.MonitorTriggeredRecord;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Monitors on the amounts beside the balance, over HTTP on real PostgreSQL with group commit:
 * {@code heldAmount} followed through concurrent holds, their voids and a withdrawal's request and
 * completion; {@code pendingIn} through concurrent announcements, a failure (neither posts
 * anything) and a settlement. Concurrent changes fire each crossing exactly once, with the amount
 * before and after the one change that crossed it.
 */
class AmountMonitorsIT extends LedgerIntegrationTest {

  private static final JsonMapper JSON = JsonMapper.builder().build();

  private long monitor(Wallet wallet, String field, String operator, long value) {
    ApiClient.Reply set = setMonitor(wallet.id(), wallet.token(), field, operator, value);
    assertThat(set.status()).as(set.body()).isEqualTo(201);
    assertThat(set.json().get("field").asText()).isEqualTo(field);
    return set.json().get("id").asLong();
  }

  /** The wallet's fired monitors as written to the outbox, in the order they were written. */
  private List<JsonNode> fired(Wallet wallet) {
    return jdbc
        .sql(
            "SELECT payload::text FROM outbox_event WHERE topic = 'ledger.monitors'"
                + " AND record_key = ? ORDER BY id")
        .param(Long.toString(wallet.id()))
        .query(String.class)
        .list()
        .stream()
        .map(JSON::readTree)
        .toList();
  }

  private List<JsonNode> firedBy(Wallet wallet, long monitorId) {
    return fired(wallet).stream().filter(e -> e.get("monitorId").asLong() == monitorId).toList();
  }

  private static void assertCrossing(JsonNode event, String field, long before, long after) {
    assertThat(event.get("field").asText()).isEqualTo(field);
    assertThat(event.get("before").asLong()).as("before").isEqualTo(before);
    assertThat(event.get("after").asLong()).as("after").isEqualTo(after);
  }

  private static String id(ApiClient.Reply reply, String field) {
    assertThat(reply.status()).as(reply.body()).isIn(200, 201, 202);
    return reply.json().get(field).asText();
  }

  private String transactionType(String transactionId) {
    return jdbc.sql("SELECT type FROM journal_transaction WHERE id = ?::uuid")
        .param(transactionId)
        .query(String.class)
        .single();
  }

  @Test
  void aHeldAmountMonitorFiresOnceForConcurrentHoldsAndAgainForAWithdrawal() throws Exception {
    Wallet wallet = walletWith(10_000);
    Wallet shop = openWallet();
    long reached = monitor(wallet, "heldAmount", ">=", 2_000);
    long cleared = monitor(wallet, "heldAmount", "<=", 0); // holds when set: quiet until it arms
    Instant tomorrow = Instant.now().plusSeconds(86_400);

    List<Callable<ApiClient.Reply>> holds = new ArrayList<>();
    for (int i = 0; i < 20; i++) {
      holds.add(() -> hold(wallet, shop.id(), 100, tomorrow));
    }
    List<String> placed = new ArrayList<>();
    for (ApiClient.Reply reply : concurrently(holds)) {
      placed.add(id(reply, "holdId"));
    }
    assertThat(firedBy(wallet, reached))
        .as("twenty concurrent holds of 100 cross 2,000 once, on the last of them")
        .singleElement()
        .satisfies(e -> assertCrossing(e, "heldAmount", 1_900, 2_000));
    assertThat(placed).contains(firedBy(wallet, reached).getFirst().get("transactionId").asText());
    assertThat(firedBy(wallet, cleared)).isEmpty();

    List<Callable<ApiClient.Reply>> voids = new ArrayList<>();
    for (String hold : placed) {
      voids.add(() ->
          api().post("/v1/holds/" + hold + "/void", wallet.token(), ApiClient.newKey(), null));
    }
    for (ApiClient.Reply reply : concurrently(voids)) {
      assertThat(reply.status()).as(reply.body()).isEqualTo(200);
    }
    assertThat(firedBy(wallet, cleared))
        .as("the holds voided concurrently empty heldAmount once")
        .singleElement()
        .satisfies(e -> assertCrossing(e, "heldAmount", 100, 0));

    String withdrawal = id(withdraw(wallet, 3_000), "withdrawalId");
    assertThat(firedBy(wallet, reached))
        .hasSize(2)
        .last()
        .satisfies(e -> {
          assertCrossing(e, "heldAmount", 0, 3_000);
          assertThat(e.get("transactionId").asText()).isEqualTo(withdrawal);
        });
    ApiClient.Reply completed =
        api()
            .post(
                "/v1/withdrawals/" + withdrawal + "/complete", OPERATOR, ApiClient.newKey(), null);
    assertThat(completed.status()).as(completed.body()).isEqualTo(200);
    assertThat(firedBy(wallet, cleared))
        .as("the completion moves money between system accounts only, and still empties it")
        .hasSize(2)
        .last()
        .satisfies(e -> {
          assertCrossing(e, "heldAmount", 3_000, 0);
          assertThat(transactionType(e.get("transactionId").asText()))
              .isEqualTo("WITHDRAWAL_COMPLETION");
        });
    assertThat(fired(wallet)).as("no other event").hasSize(4);
    assertBooksBalance();
  }

  private ApiClient.Reply announce(Wallet wallet, long amount) {
    return announce(wallet.id(), amount, null, ApiClient.newKey());
  }

  @Test
  void aPendingInMonitorFollowsAnnouncementsAndFailuresThatPostNothing() throws Exception {
    Wallet wallet = walletWith(1_000);
    long expected = monitor(wallet, "pendingIn", ">=", 1_000);

    List<Callable<ApiClient.Reply>> announcements = new ArrayList<>();
    for (int i = 0; i < 10; i++) {
      announcements.add(() -> announce(wallet, 100));
    }
    List<String> announced = new ArrayList<>();
    for (ApiClient.Reply reply : concurrently(announcements)) {
      announced.add(id(reply, "id"));
    }
    JsonNode first = firedBy(wallet, expected).getFirst();
    assertThat(firedBy(wallet, expected))
        .as("ten concurrent announcements of 100 reach 1,000 once")
        .singleElement()
        .satisfies(e -> assertCrossing(e, "pendingIn", 900, 1_000));
    assertThat(first.has("transactionId")).isFalse();
    assertThat(announced).contains(first.get("pendingDepositId").asText());

    String failed = announced.getFirst();
    ApiClient.Reply failure =
        api()
            .post(
                "/v1/deposits/" + failed + "/fail",
                OPERATOR,
                ApiClient.newKey(),
                "{\"reason\":\"returned by the bank\"}");
    assertThat(failure.status()).as(failure.body()).isEqualTo(200);
    // The failure took pendingIn to 900 and armed the monitor; 950 is still below.
    assertThat(id(announce(wallet, 50), "id")).isNotBlank();
    assertThat(firedBy(wallet, expected)).hasSize(1);
    String last = id(announce(wallet, 50), "id");
    assertThat(firedBy(wallet, expected))
        .hasSize(2)
        .last()
        .satisfies(e -> {
          assertCrossing(e, "pendingIn", 950, 1_000);
          assertThat(e.get("pendingDepositId").asText()).isEqualTo(last);
        });

    ApiClient.Reply settled =
        api().post("/v1/deposits/" + last + "/settle", OPERATOR, ApiClient.newKey(), null);
    assertThat(settled.status()).as(settled.body()).isEqualTo(200);
    assertThat(
            api()
                .get("/v1/accounts/" + wallet.id() + "/monitors", wallet.token())
                .json()
                .get("items")
                .get(0)
                .get("conditionMet")
                .asBoolean())
        .as("the settlement (a posting) took pendingIn back to 950")
        .isFalse();

    List<MonitorTriggeredRecord> published = KafkaTestBroker.monitorEvents(wallet.id(), 2);
    assertThat(published)
        .as("on Kafka, the events name the pending deposits and no transaction")
        .allSatisfy(r -> {
          assertThat(r.field()).isEqualTo("pendingIn");
          assertThat(r.transactionId()).isNull();
        })
        .extracting(r -> r.pendingDepositId().toString())
        .containsSubsequence(first.get("pendingDepositId").asText(), last);
    assertBooksBalance();
  }
}
