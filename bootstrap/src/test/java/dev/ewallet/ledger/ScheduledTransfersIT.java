package dev.ewallet.ledger;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ewallet.ledger.domain.port.in.RunDueSchedulesCommand;
import dev.ewallet.ledger.domain.port.in.RunDueSchedulesUseCase;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.context.ConfigurableApplicationContext;
import tools.jackson.databind.JsonNode;

/**
 * Scheduled and recurring transfers over HTTP on PostgreSQL. Runs are due years from now, so the
 * ledger's own job never reaches them: the tests run them as that job would at a chosen instant, on
 * this instance and others started beside it.
 */
class ScheduledTransfersIT extends LedgerIntegrationTest {

  @Autowired RunDueSchedulesUseCase runs;

  private ApiClient.Reply schedule(Wallet payer, long payee, String body) {
    return api()
        .post(
            "/v1/scheduled-transfers",
            payer.token(),
            ApiClient.newKey(),
            "{\"fromAccountId\":" + payer.id() + ",\"toAccountId\":" + payee + "," + body + "}");
  }

  private List<JsonNode> executions(String id, String token) {
    ApiClient.Reply reply = api().get("/v1/scheduled-transfers/" + id + "/executions", token);
    assertThat(reply.status()).as(reply.body()).isEqualTo(200);
    List<JsonNode> items = new ArrayList<>();
    reply.json().get("items").forEach(items::add);
    return items;
  }

  private static int runAt(RunDueSchedulesUseCase instance, String at) {
    return instance.runDue(new RunDueSchedulesCommand(Instant.parse(at), 1_000));
  }

  @Test
  void aMonthlySchedulePostsOncePerMonthAcrossTwoInstancesAndARestartAndRecordsAFailure()
      throws Exception {
    Wallet payer = walletWith(2_500);
    Wallet landlord = openWallet();
    ApiClient.Reply made =
        schedule(
            payer,
            landlord.id(),
            "\"amount\":1000,\"firstAt\":\"2031-01-10T08:00:00Z\",\"recurrence\":{\"frequency\":"
                + "\"MONTHLY\",\"dayOfMonth\":15,\"until\":\"2031-12-31T00:00:00Z\"},"
                + "\"reference\":\"rent\"");
    assertThat(made.status()).as(made.body()).isEqualTo(201);
    String id = made.json().get("id").asText();
    assertThat(made.json().get("due").asText()).isEqualTo("2031-01-15T08:00:00Z");
    assertThat(made.json().get("status").asText()).isEqualTo("ACTIVE");

    ExecutorService both = Executors.newFixedThreadPool(2);
    try (ConfigurableApplicationContext second =
        startAnotherInstance(Map.of("ledger.schedules.check-interval", "PT24H"))) {
      RunDueSchedulesUseCase other = second.getBean(RunDueSchedulesUseCase.class);
      // January's run, tried by both instances at once, and by each again: one transfer.
      List<Future<Integer>> january = new ArrayList<>();
      for (RunDueSchedulesUseCase instance : List.of(runs, other)) {
        Callable<Integer> run = () -> runAt(instance, "2031-01-15T08:00:01Z");
        january.add(both.submit(run));
      }
      for (Future<Integer> tried : january) {
        tried.get();
      }
      runAt(other, "2031-01-15T09:00:00Z");
      runAt(runs, "2031-01-20T00:00:00Z");
      assertThat(balance(landlord.id())).isEqualTo(1_000);
    } finally {
      both.shutdown();
    }
    // A restart: a new instance finds January done and February due.
    try (ConfigurableApplicationContext restarted =
        startAnotherInstance(Map.of("ledger.schedules.check-interval", "PT24H"))) {
      RunDueSchedulesUseCase again = restarted.getBean(RunDueSchedulesUseCase.class);
      assertThat(runAt(again, "2031-01-31T00:00:00Z")).isZero();
      runAt(again, "2031-02-15T08:00:00Z");
      runAt(again, "2031-02-15T08:00:00Z");
    }
    assertThat(balance(landlord.id())).isEqualTo(2_000);

    // March's run finds 500 where 1,000 is due: refused, recorded, and March is given up.
    runAt(runs, "2031-03-15T08:00:00Z");
    assertThat(balance(landlord.id())).isEqualTo(2_000);
    List<JsonNode> tried = executions(id, payer.token());
    assertThat(tried).hasSize(3);
    assertThat(tried.getFirst().get("outcome").asText()).isEqualTo("REFUSED");
    assertThat(tried.getFirst().get("refusal").asText()).isEqualTo("INSUFFICIENT_FUNDS");
    assertThat(tried.getFirst().get("due").asText()).isEqualTo("2031-03-15T08:00:00Z");
    assertThat(tried.getFirst().has("retryAt")).isFalse();
    assertThat(tried.subList(1, 3))
        .allSatisfy(posted -> assertThat(posted.get("outcome").asText()).isEqualTo("POSTED"));
    ApiClient.Reply transfer =
        api()
            .get(
                "/v1/transactions/" + tried.get(1).get("transactionId").asText(), landlord.token());
    assertThat(transfer.json().get("reference").asText()).as(transfer.body()).isEqualTo("rent");
    ApiClient.Reply now = api().get("/v1/scheduled-transfers/" + id, payer.token());
    assertThat(now.json().get("due").asText()).isEqualTo("2031-04-15T08:00:00Z");
    assertBooksBalance();
  }

  @Test
  void itsPayerPausesResumesAndCancelsItAndNobodyElseSeesIt() {
    Wallet payer = walletWith(1_000);
    Wallet payee = openWallet();
    ApiClient.Reply made =
        schedule(
            payer,
            payee.id(),
            "\"amount\":10,\"firstAt\":\"2032-05-01T00:00:00Z\","
                + "\"recurrence\":{\"frequency\":\"WEEKLY\"},\"attempts\":3,\"retryEvery\":\"PT6H\"");
    assertThat(made.status()).as(made.body()).isEqualTo(201);
    String id = made.json().get("id").asText();
    String base = "/v1/scheduled-transfers/" + id;

    assertProblem(api().get(base, payee.token()), 404, "SCHEDULE_NOT_FOUND");
    assertProblem(
        api().post(base + "/pause", payee.token(), null, null), 404, "SCHEDULE_NOT_FOUND");
    assertThat(api().post(base + "/pause", payer.token(), null, null).json().get("status").asText())
        .isEqualTo("PAUSED");
    assertProblem(api().post(base + "/pause", payer.token(), null, null), 409, "SCHEDULE_CONFLICT");
    assertThat(runAt(runs, "2032-05-01T00:00:01Z")).isZero();
    assertThat(
            api().post(base + "/resume", payer.token(), null, null).json().get("status").asText())
        .isEqualTo("ACTIVE");
    assertThat(
            api().post(base + "/cancel", payer.token(), null, null).json().get("status").asText())
        .isEqualTo("CANCELLED");
    assertProblem(
        api().post(base + "/resume", payer.token(), null, null), 409, "SCHEDULE_CONFLICT");
    assertThat(api().get("/v1/scheduled-transfers", payer.token()).json().get("items").size())
        .isEqualTo(1);
    assertThat(balance(payee.id())).isZero();

    assertProblem(
        schedule(payer, payee.id(), "\"amount\":10,\"firstAt\":\"2001-01-01T00:00:00Z\""),
        400,
        "VALIDATION_FAILED");
    assertProblem(
        schedule(
            payee,
            payer.id(),
            "\"amount\":10,\"firstAt\":\"2032-01-01T00:00:00Z\",\"recurrence\":{\"frequency\":\"MONTHLY\"}"),
        400,
        "VALIDATION_FAILED");
    assertProblem(
        api()
            .post(
                "/v1/scheduled-transfers",
                payee.token(),
                ApiClient.newKey(),
                "{\"fromAccountId\":"
                    + payer.id()
                    + ",\"toAccountId\":"
                    + payee.id()
                    + ",\"amount\":10,\"firstAt\":\"2032-01-01T00:00:00Z\"}"),
        403,
        "FORBIDDEN");
  }
}
