package dev.ewallet.ledger.client;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.sun.net.httpserver.HttpServer;
import dev.ewallet.ledger.client.generated.ApiException;
import dev.ewallet.ledger.client.model.Problem;
import dev.ewallet.ledger.client.model.Problem.CodeEnum;
import dev.ewallet.ledger.client.model.TransferRequest;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The hand-written part of the client, against a stub server answering as the service would. */
class LedgerClientTest {

  private static final String INSUFFICIENT_FUNDS =
      "{\"type\":\"https://ewallet.dev/problems/insufficient-funds\",\"title\":\"Insufficient"
          + " funds\",\"status\":422,\"detail\":\"account 1 holds 5\",\"instance\":"
          + "\"/v1/transfers\",\"code\":\"INSUFFICIENT_FUNDS\",\"traceId\":"
          + "\"4bf92f3577b34da6a3ce929d0e0e4736\"}";

  private HttpServer server;
  private final List<String> authorizations = new CopyOnWriteArrayList<>();
  private final List<String> keys = new CopyOnWriteArrayList<>();

  @BeforeEach
  void startStub() throws IOException {
    server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
    server.createContext(
        "/v1/transfers",
        exchange -> {
          authorizations.add(exchange.getRequestHeaders().getFirst("Authorization"));
          keys.add(exchange.getRequestHeaders().getFirst("Idempotency-Key"));
          byte[] body = INSUFFICIENT_FUNDS.getBytes(StandardCharsets.UTF_8);
          exchange.getResponseHeaders().add("Content-Type", "application/problem+json");
          exchange.sendResponseHeaders(422, body.length);
          exchange.getResponseBody().write(body);
          exchange.close();
        });
    server.start();
  }

  @AfterEach
  void stopStub() {
    server.stop(0);
  }

  @Test
  void everyRequestCarriesTheTokenOfTheMomentAndItsKey() {
    String[] token = {"first"};
    LedgerClient ledger =
        LedgerClient.connect(
            URI.create("http://127.0.0.1:" + server.getAddress().getPort()), () -> token[0]);
    String key = LedgerClient.newIdempotencyKey();
    TransferRequest request = new TransferRequest().fromAccountId(1L).toAccountId(2L).amount(10L);

    assertThatThrownBy(() -> ledger.moneyMovements().transfer(key, request))
        .isInstanceOf(ApiException.class);
    token[0] = "refreshed";
    assertThatThrownBy(() -> ledger.moneyMovements().transfer(key, request))
        .isInstanceOf(ApiException.class);

    assertThat(authorizations).containsExactly("Bearer first", "Bearer refreshed");
    assertThat(keys).containsExactly(key, key);
  }

  @Test
  void aFailedCallIsReadAsItsTypedProblem() {
    LedgerClient ledger =
        LedgerClient.connect(
            URI.create("http://127.0.0.1:" + server.getAddress().getPort()), () -> "t");

    ApiException failure =
        org.junit.jupiter.api.Assertions.assertThrows(
            ApiException.class,
            () ->
                ledger
                    .moneyMovements()
                    .transfer(
                        LedgerClient.newIdempotencyKey(),
                        new TransferRequest().fromAccountId(1L).toAccountId(2L).amount(10L)));
    Problem problem = LedgerClient.problem(failure).orElseThrow();

    assertThat(failure.getCode()).isEqualTo(422);
    assertThat(problem.getCode()).isEqualTo(CodeEnum.INSUFFICIENT_FUNDS);
    assertThat(problem.getTraceId()).isEqualTo("4bf92f3577b34da6a3ce929d0e0e4736");
    assertThat(LedgerClient.resendWithTheSameKey(problem)).isFalse();
  }

  @Test
  void onlyUnknownOrTemporaryOutcomesAreResentWithTheSameKey() {
    assertThat(LedgerClient.resendWithTheSameKey(new Problem().code(CodeEnum.OUTCOME_UNKNOWN)))
        .isTrue();
    assertThat(LedgerClient.resendWithTheSameKey(new Problem().code(CodeEnum.OVERLOADED))).isTrue();
    assertThat(LedgerClient.resendWithTheSameKey(new Problem().code(CodeEnum.RATE_LIMITED)))
        .isTrue();
    assertThat(
            LedgerClient.resendWithTheSameKey(new Problem().code(CodeEnum.IDEMPOTENCY_KEY_REUSED)))
        .isFalse();
  }

  @Test
  void aBodyThatIsNoProblemGivesNone() {
    assertThat(LedgerClient.problem(new ApiException(502, "bad gateway", null, "<html>")))
        .isEmpty();
    assertThat(LedgerClient.problem(new ApiException(503, "down", null, null))).isEmpty();
    assertThat(LedgerClient.newIdempotencyKey()).isNotEqualTo(LedgerClient.newIdempotencyKey());
  }

  @Test
  void aWebhookVerifiesWithItsSecretAndItsExactBodyOnly() {
    String body = "{\"id\":\"e1\",\"type\":\"transaction.posted\",\"data\":{}}";
    String header =
        dev.ewallet.ledger.domain.webhook.WebhookSignature.header(
            java.time.Instant.now(), body, List.of("whsec_receiver"));

    assertThat(LedgerClient.verifyWebhook(header, body, "whsec_receiver")).isTrue();
    assertThat(LedgerClient.verifyWebhook(header, body, "whsec_someone_else")).isFalse();
    assertThat(LedgerClient.verifyWebhook(header, body.replace("e1", "e2"), "whsec_receiver"))
        .isFalse();
    assertThat(LedgerClient.verifyWebhook(null, body, "whsec_receiver")).isFalse();
    assertThat(
            LedgerClient.verifyWebhook(
                "t=1796637600,v1=c5977113bee481ff3023b1b6a5b98625985d110b2f72fb12049b105344bb1086",
                "{\"id\":\"e1\",\"type\":\"transaction.posted\"}",
                "whsec_test"))
        .as("a genuine signature from 2026-12-07T10:00Z is too old now")
        .isFalse();
  }
}
