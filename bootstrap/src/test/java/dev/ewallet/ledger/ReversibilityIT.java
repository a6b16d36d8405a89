package dev.ewallet.ledger;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * Which transactions an operator may reverse (only deposits and transfers), over HTTP: every
 * transaction of a withdrawal or a hold, a sweep and a reversal answer 409 NOT_REVERSIBLE and post
 * nothing, and no mix of reversal and state machine creates or strands money.
 */
class ReversibilityIT extends LedgerIntegrationTest {

  private String withdrawn(Wallet wallet, long amount) {
    ApiClient.Reply reply = withdraw(wallet, amount);
    assertThat(reply.status()).as(reply.body()).isEqualTo(202);
    return reply.json().get("withdrawalId").asText();
  }

  private String held(Wallet wallet, Wallet shop, long amount) {
    ApiClient.Reply reply =
        hold(wallet, shop.id(), amount, Instant.now().plus(1, ChronoUnit.HOURS));
    assertThat(reply.status()).as(reply.body()).isEqualTo(201);
    return reply.json().get("holdId").asText();
  }

  private void settle(String path, String body) {
    ApiClient.Reply reply = api().post(path, OPERATOR, ApiClient.newKey(), body);
    assertThat(reply.status()).as(reply.body()).isEqualTo(200);
  }

  private String settledBy(String table, String id) {
    return jdbc.sql("SELECT settled_by::text FROM " + table + " WHERE id = ?::uuid")
        .param(id)
        .query(String.class)
        .single();
  }

  private long journalSize() {
    return jdbc.sql("SELECT count(*) FROM journal_transaction").query(Long.class).single();
  }

  private void assertNotReversible(String transactionId) {
    ApiClient.Reply refused = reverse(transactionId);
    assertThat(refused.status()).as(refused.body()).isEqualTo(409);
    assertThat(refused.code()).isEqualTo("NOT_REVERSIBLE");
  }

  @Test
  void noTransactionOfAWithdrawalOrAHoldCanBeReversed() {
    Wallet wallet = walletWith(10_000);
    Wallet shop = openWallet();
    String paidOut = withdrawn(wallet, 1_000);
    settle("/v1/withdrawals/" + paidOut + "/complete", null);
    String refused = withdrawn(wallet, 2_000);
    settle("/v1/withdrawals/" + refused + "/fail", "{\"reason\":\"account closed\"}");
    String captured = held(wallet, shop, 500);
    settle("/v1/holds/" + captured + "/capture", "{\"amount\":300}");
    String voided = held(wallet, shop, 400);
    settle("/v1/holds/" + voided + "/void", null);
    Map<String, String> bankFlowTransactions = new LinkedHashMap<>();
    bankFlowTransactions.put("WITHDRAWAL", paidOut);
    bankFlowTransactions.put("WITHDRAWAL_COMPLETION", settledBy("withdrawal", paidOut));
    bankFlowTransactions.put("WITHDRAWAL_FAILURE", settledBy("withdrawal", refused));
    bankFlowTransactions.put("HOLD", captured);
    bankFlowTransactions.put("HOLD_CAPTURE (partial release)", settledBy("hold", captured));
    bankFlowTransactions.put("HOLD_RELEASE", settledBy("hold", voided));
    long walletBefore = balance(wallet.id());
    long shopBefore = balance(shop.id());
    long journalBefore = journalSize();

    bankFlowTransactions.forEach((type, id) -> assertNotReversible(id));

    assertThat(balance(wallet.id())).isEqualTo(walletBefore).isEqualTo(10_000 - 1_000 - 300);
    assertThat(balance(shop.id())).isEqualTo(shopBefore).isEqualTo(300);
    assertThat(journalSize()).isEqualTo(journalBefore);
    assertBooksBalance();
  }

  @Test
  void aWithdrawalCannotBeReversedAndThenPaidOutToo() {
    Wallet wallet = walletWith(10_000);
    String completed = withdrawn(wallet, 4_000);
    String failed = withdrawn(wallet, 3_000);

    assertNotReversible(completed);
    settle("/v1/withdrawals/" + completed + "/complete", null);
    assertNotReversible(failed);
    settle("/v1/withdrawals/" + failed + "/fail", null);

    assertThat(balance(wallet.id())).isEqualTo(6_000);
    assertThat(
            api()
                .get("/v1/accounts/" + wallet.id(), wallet.token())
                .json()
                .get("heldAmount")
                .asLong())
        .isZero();
    assertBooksBalance();
  }

  @Test
  void aHoldCannotBeReversedBeforeItIsVoided() {
    Wallet wallet = walletWith(10_000);
    Wallet shop = openWallet();
    String hold = held(wallet, shop, 2_000);

    assertNotReversible(hold);
    settle("/v1/holds/" + hold + "/void", null);

    assertThat(balance(wallet.id())).isEqualTo(10_000);
    assertThat(balance(shop.id())).isZero();
    assertBooksBalance();
  }

  @Test
  void depositsAndTransfersAreReversibleOnceButReversalsAreNot() {
    Wallet alice = walletWith(10_000);
    Wallet bob = openWallet();
    ApiClient.Reply paid = transfer(alice, bob.id(), 2_500, ApiClient.newKey());
    String transferId = paid.json().get("transactionId").asText();

    ApiClient.Reply reversed = reverse(transferId);
    assertThat(reversed.status()).as(reversed.body()).isEqualTo(201);
    assertThat(reverse(transferId).code()).isEqualTo("ALREADY_REVERSED");
    assertNotReversible(reversed.json().get("transactionId").asText());

    assertThat(balance(alice.id())).isEqualTo(10_000);
    assertThat(balance(bob.id())).isZero();
    assertThat(reverse(UUID.randomUUID().toString()).code()).isEqualTo("TRANSACTION_NOT_FOUND");
    assertBooksBalance();
  }
}
