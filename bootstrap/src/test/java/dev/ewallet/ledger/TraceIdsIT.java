package dev.ewallet.ledger;

import static org.assertj.core.api.Assertions.assertThat;

import io.micrometer.observation.ObservationHandler;
import io.micrometer.tracing.Tracer;
import io.micrometer.tracing.handler.TracingObservationHandler;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;

/**
 * With no OTLP endpoint (the shared context) tracing is off, a no-op tracer, and requests still
 * carry a trace id: the caller's from its {@code traceparent}, or a random one, in problem bodies
 * and in the log lines written while the request is served.
 */
@ExtendWith(OutputCaptureExtension.class)
class TraceIdsIT extends LedgerIntegrationTest {

  private static final String CALLER_TRACE = "4bf92f3577b34da6a3ce929d0e0e4736";
  private static final String CALLER_TRACEPARENT = "00-" + CALLER_TRACE + "-00f067aa0ba902b7-01";

  @Autowired Tracer tracer;
  @Autowired List<ObservationHandler<?>> observationHandlers;

  @Test
  void tracingIsOffWithoutAnEndpoint() {
    assertThat(tracer.nextSpan().isNoop()).isTrue();
    // No request is observed by a tracing handler: metrics only.
    assertThat(observationHandlers)
        .isNotEmpty()
        .noneMatch(handler -> handler instanceof TracingObservationHandler<?>);
  }

  @Test
  void aProblemNamesTheCallersTraceOrAFreshOne() {
    ApiClient.Reply continued =
        api().traced(CALLER_TRACEPARENT).get("/v1/accounts/" + Long.MAX_VALUE, OPERATOR);
    ApiClient.Reply fresh = api().get("/v1/accounts/" + Long.MAX_VALUE, OPERATOR);
    ApiClient.Reply malformed =
        api().traced("00-" + "0".repeat(32) + "-00f067aa0ba902b7-01").get("/v1/accounts/1", null);

    assertThat(continued.status()).isEqualTo(404);
    assertThat(continued.json().get("traceId").asText()).isEqualTo(CALLER_TRACE);
    assertThat(fresh.json().get("traceId").asText())
        .matches("[0-9a-f]{32}")
        .isNotEqualTo(CALLER_TRACE);
    assertThat(malformed.status()).isEqualTo(401);
    assertThat(malformed.json().get("traceId").asText())
        .matches("[0-9a-f]{32}")
        .isNotEqualTo("0".repeat(32));
  }

  @Test
  void logLinesWrittenForARequestCarryItsTraceId(CapturedOutput output) {
    Wallet wallet = walletWith(1_000);

    // The simulated bank logs the payout it is asked for while the withdrawal's request is served.
    ApiClient.Reply withdrawal =
        api()
            .traced(CALLER_TRACEPARENT)
            .post(
                "/v1/withdrawals",
                wallet.token(),
                ApiClient.newKey(),
                "{\"accountId\":" + wallet.id() + ",\"amount\":100}");

    assertThat(withdrawal.status()).as(withdrawal.body()).isEqualTo(202);
    String id = withdrawal.json().get("withdrawalId").asText();
    assertThat(output.getAll().lines().filter(line -> line.contains(id)))
        .anySatisfy(line -> assertThat(line).contains("[" + CALLER_TRACE + "-"));
  }
}
