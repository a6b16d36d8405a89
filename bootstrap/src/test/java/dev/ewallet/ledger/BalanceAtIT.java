package dev.ewallet.ledger;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.time.temporal.ChronoUnit;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/** {@code GET /v1/accounts/{id}/balance?at=} over HTTP: before, at, between and after entries. */
class BalanceAtIT extends LedgerIntegrationTest {

  private ApiClient.Reply balanceAt(Wallet wallet, Instant at, String token) {
    return api().get("/v1/accounts/" + wallet.id() + "/balance?at=" + at, token);
  }

  @Test
  void theBalanceAtAnInstantIsTheBalanceAfterTheLastEntryAtOrBeforeIt() {
    Wallet wallet = walletWith(10_000);
    assertThat(transfer(wallet, openWallet().id(), 2_500, ApiClient.newKey()).status())
        .isEqualTo(201);
    JsonNode entries =
        api().get("/v1/accounts/" + wallet.id() + "/entries", wallet.token()).json().get("items");
    JsonNode deposit = entries.get(1);
    JsonNode transfer = entries.get(0);
    Instant deposited = Instant.parse(deposit.get("createdAt").asText());
    Instant transferred = Instant.parse(transfer.get("createdAt").asText());
    assertThat(transferred).isAfter(deposited);

    JsonNode before =
        balanceAt(wallet, deposited.minus(1, ChronoUnit.MICROS), wallet.token()).json();
    JsonNode atDeposit = balanceAt(wallet, deposited, wallet.token()).json();
    JsonNode between =
        balanceAt(wallet, transferred.minus(1, ChronoUnit.MICROS), wallet.token()).json();
    JsonNode after = balanceAt(wallet, transferred.plusSeconds(3_600), OPERATOR).json();

    assertThat(before.get("balance").asLong()).isZero();
    assertThat(before.get("lastEntryId").isNull()).isTrue();
    assertThat(before.get("accountId").asLong()).isEqualTo(wallet.id());
    assertThat(before.get("currency").asText()).isEqualTo("VND");
    assertThat(atDeposit.get("balance").asLong()).isEqualTo(10_000);
    assertThat(atDeposit.get("lastEntryId").asLong()).isEqualTo(deposit.get("entryId").asLong());
    assertThat(Instant.parse(atDeposit.get("at").asText())).isEqualTo(deposited);
    assertThat(between.get("balance").asLong()).isEqualTo(10_000);
    assertThat(after.get("balance").asLong()).isEqualTo(7_500);
    assertThat(after.get("lastEntryId").asLong()).isEqualTo(transfer.get("entryId").asLong());
  }

  @Test
  void onlyTheOwnerOrAnOperatorReadsItAndABadInstantIsRefused() {
    Wallet wallet = walletWith(1_000);
    Instant now = Instant.now();

    assertProblem(balanceAt(wallet, now, openWallet().token()), 403, "FORBIDDEN");
    assertProblem(
        api().get("/v1/accounts/" + wallet.id() + "/balance?at=yesterday", wallet.token()),
        400,
        "VALIDATION_FAILED");
    assertThat(api().get("/v1/accounts/" + wallet.id() + "/balance", wallet.token()).status())
        .isEqualTo(400);
    assertProblem(
        api().get("/v1/accounts/" + Long.MAX_VALUE + "/balance?at=" + now, OPERATOR),
        404,
        "ACCOUNT_NOT_FOUND");
  }
}
