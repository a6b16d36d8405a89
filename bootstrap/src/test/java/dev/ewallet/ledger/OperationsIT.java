package dev.ewallet.ledger;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ewallet.ledger.domain.journal.ReconciliationReport;
import io.micrometer.core.instrument.MeterRegistry;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

/** What operators and architects rely on: API docs, health, metrics and nightly reconciliation. */
class OperationsIT extends LedgerIntegrationTest {

  @Autowired ReconciliationJob reconciliationJob;
  @Autowired MeterRegistry registry;

  @Test
  void theOpenApiDescriptionCoversTheApiAndSwaggerUiIsServed() {
    ApiClient.Reply docs = api().get("/v3/api-docs", null);

    assertThat(docs.status()).isEqualTo(200);
    assertThat(docs.json().get("paths").propertyNames())
        .contains(
            "/v1/accounts",
            "/v1/accounts/{id}",
            "/v1/accounts/{id}/entries",
            "/v1/deposits",
            "/v1/transfers",
            "/v1/transactions/{id}",
            "/v1/transactions/{id}/reversal",
            "/v1/reconciliation");
    assertThat(api().get("/swagger-ui/index.html", null).status()).isEqualTo(200);
  }

  @Test
  void healthIsUpAndEveryUseCaseIsTimed() {
    // The outbox is DOWN while events older than its max age (2 s here) wait: after other tests'
    // postings, or a broker still starting, the relay may need a moment to drain it.
    await(
        () -> "UP".equals(api().get("/actuator/health", null).json().get("status").asText()),
        Duration.ofSeconds(60),
        "health UP");
    Wallet from = walletWith(1_000);
    transfer(from, openWallet().id(), 10, ApiClient.newKey());
    transfer(from, from.id() + 1_000_000, 10, ApiClient.newKey());

    String scrape = api().get("/actuator/prometheus", OPERATOR).body();

    assertThat(scrape)
        .contains(
            "ledger_usecase_seconds_count{outcome=\"success\",usecase=\"TransferFundsUseCase\"")
        .contains("usecase=\"DepositFundsUseCase\"")
        .contains("outcome=\"AccountNotFoundException\",usecase=\"TransferFundsUseCase\"");
  }

  @Test
  void theNightlyReconciliationLogsAndExportsItsResult() {
    walletWith(3_000);

    ReconciliationReport report = reconciliationJob.run();

    assertThat(report.balanced()).isTrue();
    assertThat(registry.get("ledger.reconciliation.mismatches").gauge().value()).isZero();
    assertThat(registry.get("ledger.reconciliation.last.run").gauge().value()).isPositive();
  }

  @Test
  void healthAndMetricsWatchThePostingWritersAndPendingWithdrawals() {
    ApiClient.Reply health = api().get("/actuator/health", OPERATOR);

    assertThat(health.json().at("/components/postingWriters/status").asText()).isEqualTo("UP");
    assertThat(health.json().at("/components/postingWriters/details/alive").asInt())
        .isBetween(
            health.json().at("/components/postingWriters/details/least").asInt(),
            health.json().at("/components/postingWriters/details/most").asInt())
        .isPositive();
    assertThat(health.json().at("/components/withdrawals/status").asText()).isEqualTo("UP");
    assertThat(api().get("/actuator/prometheus", OPERATOR).body())
        .contains("ledger_posting_writers_alive")
        .contains("ledger_posting_writer_deaths_total")
        .contains("ledger_withdrawals_oldest_pending_age_seconds")
        .contains("ledger_outcome_unknown_total");
  }

  @Test
  void theServiceRefusesToStartWithoutANamedBankGateway() {
    assertThatThrownBy(() -> startAnotherInstance(Map.of("ledger.bank.gateway", "")))
        .hasStackTraceContaining("ledger.bank.gateway (LEDGER_BANK_GATEWAY) is not set");
    assertThatThrownBy(() -> startAnotherInstance(Map.of("ledger.bank.gateway", "acme-bank")))
        .hasStackTraceContaining("no bank adapter of that name");
  }

  @Test
  void anonymousCallersSeeTheHealthStatusOnlyAndNoOtherManagementEndpoint() {
    ApiClient.Reply anonymous = api().get("/actuator/health", null);
    assertThat(anonymous.status()).isEqualTo(200);
    assertThat(anonymous.json().propertyNames()).doesNotContain("components", "details");
    assertThat(api().get("/actuator/health/readiness", null).json().propertyNames())
        .doesNotContain("components", "details");
    Wallet user = openWallet();
    for (String endpoint :
        List.of("/actuator/prometheus", "/actuator/metrics", "/actuator/info", "/actuator")) {
      assertThat(api().get(endpoint, null).status()).as(endpoint).isEqualTo(401);
      assertThat(api().get(endpoint, user.token()).status()).as(endpoint).isEqualTo(403);
    }
    assertThat(api().get("/actuator/health", user.token()).json().propertyNames())
        .doesNotContain("components", "details");
    assertThat(api().get("/actuator/prometheus", OPERATOR).status()).isEqualTo(200);
  }
}
