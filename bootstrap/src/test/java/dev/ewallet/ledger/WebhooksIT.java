package dev.ewallet.ledger;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ewallet.ledger.WebhookReceiver.Behaviour;
import dev.ewallet.ledger.WebhookReceiver.Received;
import dev.ewallet.ledger.domain.port.in.PruneWebhookDeliveriesCommand;
import dev.ewallet.ledger.domain.port.in.PruneWebhookDeliveriesUseCase;
import dev.ewallet.ledger.events.client.MonitorTriggeredRecord;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.concurrent.ThreadLocalRandom;
import java.util.function.BooleanSupplier;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import tools.jackson.databind.JsonNode;

/**
 * Webhooks and balance monitors over HTTP, delivered to real HTTP receivers on loopback ports:
 * every posting reaches a receiver once after deduplication and in each account's order across an
 * outage; signatures verify; a slow, hanging, redirecting or dead receiver only holds itself; a
 * paused endpoint keeps its deliveries in order until resumed; a monitor fires on each rising edge
 * only; URLs into the ledger's own network are refused.
 */
class WebhooksIT extends LedgerIntegrationTest {

  @Autowired WebhookMonitor webhookMonitor;
  @Autowired PruneWebhookDeliveriesUseCase prune;

  private static final Duration PATIENCE = Duration.ofMinutes(3);

  /** An endpoint registered for the test, deleted afterwards, and its receiver. */
  private record Endpoint(long id, String secret, WebhookReceiver receiver)
      implements AutoCloseable {
    @Override
    public void close() {
      receiver.close();
    }
  }

  private Endpoint endpoint(String eventTypes, Long accountId) {
    WebhookReceiver receiver = new WebhookReceiver();
    ApiClient.Reply created =
        api()
            .post(
                "/v1/webhook-endpoints",
                OPERATOR,
                null,
                "{\"url\":\""
                    + receiver.url()
                    + "\",\"eventTypes\":["
                    + eventTypes
                    + "]"
                    + (accountId == null ? "" : ",\"accountId\":" + accountId)
                    + "}");
    assertThat(created.status()).as(created.body()).isEqualTo(201);
    String secret = created.json().get("secret").asText();
    assertThat(secret).startsWith("whsec_");
    receiver.verifyWith(secret);
    return new Endpoint(created.json().get("id").asLong(), secret, receiver);
  }

  private void delete(Endpoint endpoint) {
    assertThat(api().delete("/v1/webhook-endpoints/" + endpoint.id(), OPERATOR).status())
        .isEqualTo(204);
  }

  private JsonNode deliveries(Endpoint endpoint, String query) {
    ApiClient.Reply reply =
        api().get("/v1/webhook-endpoints/" + endpoint.id() + "/deliveries" + query, OPERATOR);
    assertThat(reply.status()).as(reply.body()).isEqualTo(200);
    return reply.json().get("items");
  }

  private static void await(String what, BooleanSupplier condition) {
    await(condition, PATIENCE, what);
  }

  /** The transaction ids of the account's entries, in posting order, from the journal. */
  private List<String> postingOrder(long accountId) {
    return jdbc.sql(
            "SELECT transaction_id::text FROM ledger_entry WHERE account_id = ? ORDER BY id")
        .param(accountId)
        .query(String.class)
        .list();
  }

  @Test
  void everyTransferReachesTheReceiverOnceInEachAccountsOrderAcrossAnOutage() throws Exception {
    List<Wallet> wallets = IntStream.range(0, 20).mapToObj(i -> walletWith(1_000_000)).toList();
    try (Endpoint endpoint = endpoint("\"transaction.posted\"", null)) {
      try {
        WebhookReceiver receiver = endpoint.receiver();
        receiver.behave(Behaviour.FAIL);
        List<Callable<ApiClient.Reply>> transfers = new ArrayList<>();
        for (int i = 0; i < 1_000; i++) {
          Wallet from = wallets.get(ThreadLocalRandom.current().nextInt(wallets.size()));
          Wallet to = wallets.get(ThreadLocalRandom.current().nextInt(wallets.size()));
          if (from.equals(to)) {
            to = wallets.get((wallets.indexOf(from) + 1) % wallets.size());
          }
          Wallet payee = to;
          long amount = 1 + i % 97;
          transfers.add(() -> transfer(from, payee.id(), amount, ApiClient.newKey()));
        }
        Set<String> posted = new HashSet<>();
        for (ApiClient.Reply reply : concurrently(transfers)) {
          assertThat(reply.status()).as(reply.body()).isEqualTo(201);
          posted.add(reply.json().get("transactionId").asText());
        }
        await("the outage to be seen", () -> receiver.requests() >= 20);
        receiver.behave(Behaviour.ACCEPT);
        await(
            "every transfer to arrive",
            () ->
                receiver.events().stream()
                    .map(e -> e.data().get("transactionId").asText())
                    .collect(Collectors.toSet())
                    .containsAll(posted));

        List<Received> events = receiver.events();
        assertThat(events).allMatch(Received::signed, "signed with the endpoint's secret");
        assertThat(events).allMatch(e -> e.type().equals("transaction.posted"));
        Map<Long, List<String>> received = new HashMap<>();
        for (Received event : events) {
          for (JsonNode entry : event.data().get("entries")) {
            received
                .computeIfAbsent(entry.get("accountId").asLong(), id -> new ArrayList<>())
                .add(event.data().get("transactionId").asText());
          }
        }
        for (Wallet wallet : wallets) {
          // The deposit that funded the wallet was posted before the endpoint existed.
          assertThat(received.get(wallet.id()))
              .as("wallet %d's events in posting order, each once", wallet.id())
              .isEqualTo(postingOrder(wallet.id()).stream().filter(posted::contains).toList());
        }
        assertThat(
                jdbc.sql(
                        "SELECT count(*) FROM webhook_attempt a JOIN webhook_delivery d"
                            + " ON d.id = a.delivery_id WHERE d.endpoint_id = ?"
                            + " AND a.status_code = 503")
                    .param(endpoint.id())
                    .query(Long.class)
                    .single())
            .as("attempts refused during the outage, retried")
            .isPositive();
        assertThat(deliveries(endpoint, "?status=DELIVERED&limit=100")).hasSize(100);
      } finally {
        delete(endpoint);
      }
    }
  }

  @Test
  void aMonitorFiresOnceEachTimeItsConditionBecomesTrue() {
    Wallet wallet = walletWith(5_000);
    Wallet sink = openWallet();
    try (Endpoint endpoint = endpoint("\"balance.monitor.triggered\"", wallet.id())) {
      try {
        ApiClient.Reply set = setMonitor(wallet.id(), wallet.token(), "balance", "<", 1_000);
        assertThat(set.status()).as(set.body()).isEqualTo(201);
        assertThat(set.json().get("conditionMet").asBoolean()).isFalse();
        long monitor = set.json().get("id").asLong();

        List<String> crossings = new ArrayList<>();
        crossings.add(transferOk(wallet, sink.id(), 4_100)); // 5000 -> 900: fires
        transferOk(wallet, sink.id(), 100); // 900 -> 800: still below, quiet
        deposit(wallet.id(), 400); // 800 -> 1200: arms again
        crossings.add(transferOk(wallet, sink.id(), 500)); // 1200 -> 700: fires

        await("both crossings to arrive", () -> endpoint.receiver().events().size() >= 2);
        List<Received> fired = endpoint.receiver().events();
        assertThat(fired).hasSize(2).allMatch(Received::signed);
        assertThat(fired.stream().map(e -> e.data().get("transactionId").asText()))
            .containsExactlyElementsOf(crossings);
        assertThat(fired.get(0).data().get("before").asLong()).isEqualTo(5_000);
        assertThat(fired.get(0).data().get("after").asLong()).isEqualTo(900);
        assertThat(fired.get(1).data().get("before").asLong()).isEqualTo(1_200);
        assertThat(fired.get(1).data().get("after").asLong()).isEqualTo(700);
        assertThat(fired.get(0).data().get("monitorId").asLong()).isEqualTo(monitor);
        assertThat(
                jdbc.sql(
                        "SELECT count(*) FROM outbox_event WHERE topic = 'ledger.monitors'"
                            + " AND record_key = ?")
                    .param(Long.toString(wallet.id()))
                    .query(Long.class)
                    .single())
            .as("exactly two events, whatever the receiver saw")
            .isEqualTo(2);

        List<MonitorTriggeredRecord> published = KafkaTestBroker.monitorEvents(wallet.id(), 2);
        assertThat(published.stream().map(e -> e.transactionId().toString()).distinct())
            .as("the Kafka topic carries the same two, in the account's order")
            .containsExactlyElementsOf(crossings);

        JsonNode listed =
            api().get("/v1/accounts/" + wallet.id() + "/monitors", wallet.token()).json();
        assertThat(listed.get("items").get(0).get("conditionMet").asBoolean()).isTrue();
        assertThat(
                api()
                    .delete("/v1/accounts/" + wallet.id() + "/monitors/" + monitor, wallet.token())
                    .status())
            .isEqualTo(204);
        assertProblem(
            api().delete("/v1/accounts/" + wallet.id() + "/monitors/" + monitor, wallet.token()),
            404,
            "MONITOR_NOT_FOUND");
      } finally {
        delete(endpoint);
      }
    }
  }

  @Test
  void aFreezeAndItsLiftingReachTheEndpointsOfTheWallet() {
    Wallet wallet = openWallet();
    try (Endpoint endpoint = endpoint("\"account.status.changed\"", wallet.id())) {
      try {
        assertThat(
                api()
                    .post(
                        "/v1/accounts/" + wallet.id() + "/freeze",
                        OPERATOR,
                        null,
                        "{\"mode\":\"DEBITS\",\"reason\":\"fraud review 7\"}")
                    .status())
            .isEqualTo(200);
        assertThat(
                api()
                    .post("/v1/accounts/" + wallet.id() + "/unfreeze", OPERATOR, null, null)
                    .status())
            .isEqualTo(200);

        await("both changes", () -> endpoint.receiver().events().size() == 2);
        List<Received> changes = endpoint.receiver().events();
        assertThat(changes).allMatch(e -> e.type().equals("account.status.changed"));
        assertThat(changes.get(0).data().get("previousStatus").asText()).isEqualTo("ACTIVE");
        assertThat(changes.get(0).data().get("status").asText()).isEqualTo("FROZEN_DEBITS");
        assertThat(changes.get(0).data().get("reason").asText()).isEqualTo("fraud review 7");
        assertThat(changes.get(1).data().get("status").asText()).isEqualTo("ACTIVE");
        assertThat(changes.get(1).data().get("changedBy").asLong()).isEqualTo(OPERATOR_ID);
      } finally {
        delete(endpoint);
      }
    }
  }

  private String transferOk(Wallet from, long to, long amount) {
    ApiClient.Reply reply = transfer(from, to, amount, ApiClient.newKey());
    assertThat(reply.status()).as(reply.body()).isEqualTo(201);
    return reply.json().get("transactionId").asText();
  }

  @Test
  void urlsIntoTheLedgersOwnNetworkAndBadInputAreRefused() {
    for (String url :
        List.of(
            "http://169.254.169.254/latest/meta-data",
            "http://10.0.0.5/hook",
            "http://192.168.1.10/hook",
            "http://[fd00::1]/hook",
            "ftp://example.com/hook",
            "http://user:pw@127.0.0.1/hook",
            "not a url")) {
      assertProblem(
          api()
              .post(
                  "/v1/webhook-endpoints",
                  OPERATOR,
                  null,
                  "{\"url\":\"" + url + "\",\"eventTypes\":[\"transaction.posted\"]}"),
          400,
          "WEBHOOK_URL_REFUSED");
    }
    assertProblem(
        api()
            .post(
                "/v1/webhook-endpoints",
                OPERATOR,
                null,
                "{\"url\":\"http://127.0.0.1:9/hook\",\"eventTypes\":[\"transfer.done\"]}"),
        400,
        "VALIDATION_FAILED");
    assertProblem(
        api()
            .post(
                "/v1/webhook-endpoints",
                OPERATOR,
                null,
                "{\"url\":\"http://127.0.0.1:9/hook\",\"eventTypes\":[]}"),
        400,
        "VALIDATION_FAILED");
    Wallet wallet = openWallet();
    assertProblem(
        api()
            .post(
                "/v1/webhook-endpoints",
                wallet.token(),
                null,
                "{\"url\":\"http://127.0.0.1:9/hook\",\"eventTypes\":[\"transaction.posted\"]}"),
        403,
        "FORBIDDEN");
    Wallet other = openWallet();
    assertProblem(setMonitor(other.id(), wallet.token(), "balance", "<", 1), 403, "FORBIDDEN");
    for (String body :
        List.of(
            "{\"field\":\"mood\",\"operator\":\"<\",\"value\":1}",
            "{\"field\":\"balance\",\"operator\":\"<>\",\"value\":1}",
            "{\"field\":\"balance\",\"operator\":\"<\"}")) {
      assertProblem(
          api().post("/v1/accounts/" + wallet.id() + "/monitors", wallet.token(), null, body),
          400,
          "VALIDATION_FAILED");
    }
    List<String> fields = List.of("balance", "heldAmount", "pendingIn");
    for (int i = 0; i < 10; i++) {
      assertThat(setMonitor(wallet.id(), wallet.token(), fields.get(i % 3), ">=", i).status())
          .isEqualTo(201);
    }
    assertProblem(
        setMonitor(wallet.id(), wallet.token(), "balance", ">=", 99), 422, "TOO_MANY_MONITORS");
    assertProblem(
        api().get("/v1/webhook-endpoints/999999999", OPERATOR), 404, "WEBHOOK_ENDPOINT_NOT_FOUND");
  }

  @Test
  void aHangingRedirectingOrDroppingReceiverHoldsOnlyItselfAndPausingKeepsTheOrder() {
    Wallet payer = walletWith(100_000);
    Wallet payee = openWallet();
    try (Endpoint hanging = endpoint("\"transaction.posted\"", payee.id());
        Endpoint redirecting = endpoint("\"transaction.posted\"", payee.id());
        Endpoint dropping = endpoint("\"transaction.posted\"", payee.id());
        Endpoint healthy = endpoint("\"transaction.posted\"", payee.id())) {
      try {
        hanging.receiver().behave(Behaviour.HANG);
        redirecting.receiver().behave(Behaviour.REDIRECT);
        dropping.receiver().behave(Behaviour.DROP);
        String first = transferOk(payer, payee.id(), 10);
        await("the healthy receiver", () -> healthy.receiver().events().size() == 1);
        await(
            "a failed attempt at each faulty receiver",
            () ->
                List.of(hanging, redirecting, dropping).stream()
                    .allMatch(e -> !deliveries(e, "").get(0).get("attempts").isEmpty()));
        assertThat(
                deliveries(redirecting, "").get(0).get("attempts").get(0).get("statusCode").asInt())
            .isEqualTo(302);
        assertThat(redirecting.receiver().redirectTargetHits()).as("never followed").isZero();
        assertThat(deliveries(hanging, "").get(0).get("attempts").get(0).get("error").asText())
            .contains("no answer");
        assertThat(deliveries(dropping, "").get(0).get("status").asText()).isEqualTo("PENDING");

        ApiClient.Reply paused =
            api().patch("/v1/webhook-endpoints/" + healthy.id(), OPERATOR, "{\"paused\":true}");
        assertThat(paused.json().get("paused").asBoolean()).isTrue();
        List<String> whilePaused = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
          whilePaused.add(transferOk(payer, payee.id(), 20 + i));
        }
        assertThat(deliveries(healthy, "?status=PENDING")).hasSize(3);
        assertThat(healthy.receiver().events()).hasSize(1);
        api().patch("/v1/webhook-endpoints/" + healthy.id(), OPERATOR, "{\"paused\":false}");
        await("what waited", () -> healthy.receiver().events().size() == 4);
        List<String> arrived =
            healthy.receiver().events().stream()
                .map(e -> e.data().get("transactionId").asText())
                .toList();
        assertThat(arrived.getFirst()).isEqualTo(first);
        assertThat(arrived.subList(1, 4)).containsExactlyElementsOf(whilePaused);

        webhookMonitor.refresh();
        assertThat(webhookMonitor.backlog().pending())
            .as("the faulty receivers' deliveries wait")
            .isGreaterThanOrEqualTo(3);
        assertThat(webhookMonitor.backlog().oldestPendingAt()).isNotNull();
        hanging.receiver().behave(Behaviour.ACCEPT);
        redirecting.receiver().behave(Behaviour.ACCEPT);
        dropping.receiver().behave(Behaviour.ACCEPT);
        for (Endpoint recovered : List.of(hanging, redirecting, dropping)) {
          await(
              "a recovered receiver to get all four",
              () -> recovered.receiver().events().size() == 4);
          assertThat(
                  recovered.receiver().events().stream()
                      .map(e -> e.data().get("transactionId").asText()))
              .containsExactlyElementsOf(arrived);
        }
      } finally {
        for (Endpoint endpoint : List.of(hanging, redirecting, dropping, healthy)) {
          delete(endpoint);
        }
      }
    }
  }

  @Test
  void aRotatedSecretSignsBesideTheOldOneAndARedeliveryIsSentAgain() {
    Wallet payer = walletWith(10_000);
    Wallet payee = openWallet();
    try (Endpoint endpoint = endpoint("\"transaction.posted\"", payee.id())) {
      try {
        transferOk(payer, payee.id(), 10);
        await("the first delivery", () -> endpoint.receiver().events().size() == 1);
        assertThat(endpoint.receiver().events().getFirst().signatures()).isEqualTo(1);

        ApiClient.Reply rotated =
            api()
                .post(
                    "/v1/webhook-endpoints/" + endpoint.id() + "/secret-rotations",
                    OPERATOR,
                    null,
                    "{\"overlapSeconds\":3600}");
        assertThat(rotated.status()).as(rotated.body()).isEqualTo(201);
        String newSecret = rotated.json().get("secret").asText();
        assertThat(newSecret).isNotEqualTo(endpoint.secret());
        transferOk(payer, payee.id(), 11);
        await("the second delivery", () -> endpoint.receiver().events().size() == 2);
        assertThat(endpoint.receiver().events().get(1).signatures()).isEqualTo(2);
        assertThat(endpoint.receiver().events().get(1).signed()).as("old secret").isTrue();
        endpoint.receiver().verifyWith(newSecret);

        JsonNode delivered = deliveries(endpoint, "?status=DELIVERED").get(0);
        ApiClient.Reply again =
            api()
                .post(
                    "/v1/webhook-endpoints/"
                        + endpoint.id()
                        + "/deliveries/"
                        + delivered.get("id").asLong()
                        + "/redeliver",
                    OPERATOR,
                    null,
                    null);
        assertThat(again.status()).as(again.body()).isEqualTo(202);
        String eventId = delivered.get("eventId").asText();
        await(
            "the redelivery",
            () -> endpoint.receiver().arrivals().stream().filter(eventId::equals).count() == 2);
        assertThat(deliveries(endpoint, "").get(0).get("attempts")).hasSizeGreaterThanOrEqualTo(1);

        await("the redelivery marked", () -> deliveries(endpoint, "?status=PENDING").isEmpty());
        webhookMonitor.refresh();
        assertThat(webhookMonitor.backlog().pending()).isZero();
        assertThat(prune.prune(new PruneWebhookDeliveriesCommand(Duration.ZERO)))
            .as("finished deliveries past a retention of nothing")
            .isGreaterThanOrEqualTo(2);
        assertThat(deliveries(endpoint, "")).isEmpty();
      } finally {
        delete(endpoint);
      }
    }
  }
}
