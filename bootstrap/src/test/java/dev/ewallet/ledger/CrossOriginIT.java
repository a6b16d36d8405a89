package dev.ewallet.ledger;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.http.HttpRequest;
import org.junit.jupiter.api.Test;

/**
 * Browser pages of the allowed origin ({@link LedgerIntegrationTest} names one) call the API across
 * origins; pages of any other origin are refused before anything is done.
 */
class CrossOriginIT extends LedgerIntegrationTest {

  private static final String WALLET_APP = LedgerIntegrationTest.ALLOWED_ORIGIN;
  private static final String ELSEWHERE = "https://elsewhere.example";

  private ApiClient.Reply preflight(String origin, String method, String headers) {
    return api().preflight("/v1/transfers", origin, method, headers);
  }

  @Test
  void aPreflightFromTheAllowedOriginIsAnsweredWithoutAToken() {
    ApiClient.Reply reply =
        preflight(WALLET_APP, "POST", "authorization,content-type,idempotency-key");

    assertThat(reply.status()).as(reply.body()).isEqualTo(200);
    assertThat(reply.header("Access-Control-Allow-Origin")).isEqualTo(WALLET_APP);
    assertThat(reply.header("Access-Control-Allow-Methods")).contains("POST");
    assertThat(reply.header("Access-Control-Allow-Headers"))
        .containsIgnoringCase("authorization")
        .containsIgnoringCase("idempotency-key");
    assertThat(reply.header("Access-Control-Max-Age")).isEqualTo("3600");
    assertThat(reply.header("Access-Control-Allow-Credentials")).isNull();
    assertThat(reply.raw().headers().allValues("Vary")).anyMatch(v -> v.contains("Origin"));
  }

  @Test
  void aPreflightFromAnotherOriginOrForOtherHeadersOrMethodsIsRefusedWithAProblem() {
    for (ApiClient.Reply reply :
        new ApiClient.Reply[] {
          preflight(ELSEWHERE, "POST", "authorization"),
          preflight(WALLET_APP, "POST", "x-debug"),
          preflight(WALLET_APP, "DELETE", "authorization")
        }) {
      assertThat(reply.status()).as(reply.body()).isEqualTo(403);
      assertThat(reply.code()).isEqualTo("FORBIDDEN");
      assertThat(reply.header("Content-Type")).startsWith("application/problem+json");
      assertThat(reply.header("Access-Control-Allow-Origin")).isNull();
    }
    // Headers beyond the API's own are left out of the answer, so the browser sends none of them.
    ApiClient.Reply mixed = preflight(WALLET_APP, "POST", "authorization,x-debug");
    assertThat(mixed.header("Access-Control-Allow-Headers")).isEqualToIgnoringCase("authorization");
  }

  @Test
  void theAllowedOriginReadsTheAnswerAndTheHeadersItNeeds() {
    Wallet wallet = walletWith(3_000);

    ApiClient.Reply read =
        api()
            .send(
                api()
                    .request("/v1/accounts/" + wallet.id(), wallet.token())
                    .header("Origin", WALLET_APP)
                    .GET());

    assertThat(read.status()).isEqualTo(200);
    assertThat(read.json().get("balance").asLong()).isEqualTo(3_000);
    assertThat(read.header("Access-Control-Allow-Origin")).isEqualTo(WALLET_APP);
    assertThat(read.header("Access-Control-Expose-Headers"))
        .contains("ETag")
        .contains("Location")
        .contains("Retry-After")
        .contains("Idempotent-Replayed");

    // A refusal is readable by the page too: the problem and its code, not an opaque error.
    ApiClient.Reply unauthenticated =
        api()
            .send(
                api()
                    .request("/v1/accounts/" + wallet.id(), null)
                    .header("Origin", WALLET_APP)
                    .GET());
    assertThat(unauthenticated.status()).isEqualTo(401);
    assertThat(unauthenticated.code()).isEqualTo("UNAUTHENTICATED");
    assertThat(unauthenticated.header("Access-Control-Allow-Origin")).isEqualTo(WALLET_APP);
  }

  @Test
  void aTransferFromAPageOfAnotherOriginMovesNoMoney() {
    Wallet payer = walletWith(5_000);
    Wallet payee = openWallet();

    ApiClient.Reply refused =
        api()
            .send(
                api()
                    .request("/v1/transfers", payer.token())
                    .header("Origin", ELSEWHERE)
                    .header("Content-Type", "application/json")
                    .header("Idempotency-Key", ApiClient.newKey())
                    .POST(
                        HttpRequest.BodyPublishers.ofString(
                            transferBody(payer, payee.id(), 1_000, ""))));

    assertThat(refused.status()).as(refused.body()).isEqualTo(403);
    assertThat(refused.code()).isEqualTo("FORBIDDEN");
    assertThat(balance(payer.id())).isEqualTo(5_000);
    assertThat(balance(payee.id())).isZero();
  }
}
