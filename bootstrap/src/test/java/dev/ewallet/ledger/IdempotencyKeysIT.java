package dev.ewallet.ledger;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ewallet.ledger.testkit.LedgerFixtures;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/**
 * The status of an idempotency key over HTTP on PostgreSQL: posted with its transaction, refused
 * with the problem it was answered (then posted once a retry under it succeeds), in progress for a
 * deposit announced and not yet confirmed, and unknown for a stranger's key or one never used.
 */
class IdempotencyKeysIT extends LedgerIntegrationTest {

  private ApiClient.Reply status(String key, String token) {
    return api().get("/v1/idempotency-keys/" + key, token);
  }

  @Test
  void aPostedKeyNamesItsTransactionAndIsUnknownToAnyoneElse() {
    Wallet payer = walletWith(10_000);
    Wallet payee = openWallet();
    String key = ApiClient.newKey();
    ApiClient.Reply paid = transfer(payer, payee.id(), 2_500, key);
    assertThat(paid.status()).isEqualTo(201);

    ApiClient.Reply posted = status(key, payer.token());

    assertThat(posted.status()).as(posted.body()).isEqualTo(200);
    assertThat(posted.json().get("status").asText()).isEqualTo("POSTED");
    assertThat(posted.json().get("transactionId").asText())
        .isEqualTo(paid.json().get("transactionId").asText());
    assertThat(posted.json().get("type").asText()).isEqualTo("TRANSFER");
    assertThat(posted.json().get("fee").asLong()).isZero();
    assertProblem(status(key, payee.token()), 404, "IDEMPOTENCY_KEY_NOT_FOUND");
    assertProblem(status(ApiClient.newKey(), payer.token()), 404, "IDEMPOTENCY_KEY_NOT_FOUND");
  }

  @Test
  void aRefusedKeyKeepsItsProblemUntilARetryUnderItPosts() {
    Wallet payer = walletWith(1_000);
    Wallet payee = openWallet();
    String key = ApiClient.newKey();
    assertProblem(transfer(payer, payee.id(), 5_000, key), 422, "INSUFFICIENT_FUNDS");

    ApiClient.Reply refused = status(key, payer.token());

    assertThat(refused.status()).as(refused.body()).isEqualTo(200);
    assertThat(refused.json().get("status").asText()).isEqualTo("REFUSED");
    assertThat(refused.json().get("problem").get("code").asText()).isEqualTo("INSUFFICIENT_FUNDS");
    assertThat(refused.json().get("problem").get("status").asInt()).isEqualTo(422);
    assertThat(refused.json().get("problem").get("instance").asText()).isEqualTo("/v1/transfers");
    assertThat(refused.json().has("refusedAt")).isTrue();
    assertThat(refused.json().has("transactionId")).isFalse();

    deposit(payer.id(), 4_000);
    assertThat(transfer(payer, payee.id(), 5_000, key).status()).isEqualTo(201);
    assertThat(status(key, payer.token()).json().get("status").asText()).isEqualTo("POSTED");
    // A later refusal under the posted key (another body) never hides what it posted.
    assertProblem(transfer(payer, payee.id(), 7, key), 422, "IDEMPOTENCY_KEY_REUSED");
    assertThat(status(key, payer.token()).json().get("status").asText()).isEqualTo("POSTED");
  }

  @Test
  void anAnnouncedDepositIsInProgressUntilTheBankConfirmsIt() {
    Wallet wallet = openWallet();
    String key = ApiClient.newKey();
    ApiClient.Reply announced = announce(wallet.id(), 3_000, null, key);
    assertThat(announced.status()).as(announced.body()).isEqualTo(201);

    ApiClient.Reply inProgress = status(key, OPERATOR);

    assertThat(inProgress.json().get("status").asText())
        .as(inProgress.body())
        .isEqualTo("IN_PROGRESS");
    assertThat(inProgress.json().get("pendingDepositId").asText()).isNotBlank();
    assertProblem(status(key, wallet.token()), 404, "IDEMPOTENCY_KEY_NOT_FOUND");
  }

  @Test
  void aKeyThatCannotTravelInAPathIsAskedAsAParameter() {
    Wallet payer = walletWith(1_000);
    String key = "order/" + LedgerFixtures.freshUserId() + "?#%";
    assertThat(transfer(payer, openWallet().id(), 10, key).status()).isEqualTo(201);

    ApiClient.Reply posted =
        api()
            .get(
                "/v1/idempotency-keys?key=" + URLEncoder.encode(key, StandardCharsets.UTF_8),
                payer.token());

    assertThat(posted.status()).as(posted.body()).isEqualTo(200);
    assertThat(posted.json().get("key").asText()).isEqualTo(key);
    assertThat(posted.json().get("status").asText()).isEqualTo("POSTED");
  }
}
