package dev.ewallet.ledger;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/**
 * Transfer fees over HTTP (euro transfers here pay 1.5 % plus 10, at least 50, at most 2,000): the
 * payer pays amount and fee, the fee is a third leg to the currency's fee revenue account in the
 * same transaction, shown in the reply and on the transaction, and the books still balance.
 */
class FeesIT extends LedgerIntegrationTest {

  private long feeRevenue() {
    return jdbc.sql(
            "SELECT coalesce(sum(balance), 0) FROM account"
                + " WHERE kind = 'FEE_REVENUE' AND currency = 'EUR'")
        .query(Long.class)
        .single();
  }

  private Wallet euros(long balance) {
    Wallet wallet = openWallet("EUR");
    if (balance > 0) {
      deposit(wallet.id(), balance);
    }
    return wallet;
  }

  @Test
  void thePayerPaysAmountAndFeeAndTheFeeIsShownOnTheReplyAndTheTransaction() {
    Wallet payer = euros(10_160);
    Wallet payee = euros(0);
    long revenue = feeRevenue();
    String key = ApiClient.newKey();

    ApiClient.Reply paid = transfer(payer, payee.id(), 10_000, key);
    ApiClient.Reply replayed = transfer(payer, payee.id(), 10_000, key);

    assertThat(paid.status()).as(paid.body()).isEqualTo(201);
    assertThat(paid.json().get("fee").asLong()).isEqualTo(160);
    assertThat(replayed.body()).isEqualTo(paid.body());
    assertThat(balance(payer.id())).isZero();
    assertThat(balance(payee.id())).isEqualTo(10_000);
    assertThat(feeRevenue() - revenue).isEqualTo(160);
    JsonNode transaction =
        api().get("/v1/transactions/" + paid.json().get("transactionId").asText(), OPERATOR).json();
    assertThat(transaction.get("fee").asLong()).isEqualTo(160);
    assertThat(transaction.get("entries")).hasSize(3);
    assertBooksBalance();
  }

  @Test
  void amountPlusFeeJustAboveTheBalanceIsRefusedAndPostsNothing() {
    Wallet payer = euros(10_159);
    Wallet payee = euros(0);
    long revenue = feeRevenue();

    assertProblem(
        transfer(payer, payee.id(), 10_000, ApiClient.newKey()), 422, "INSUFFICIENT_FUNDS");

    assertThat(balance(payer.id())).isEqualTo(10_159);
    assertThat(balance(payee.id())).isZero();
    assertThat(feeRevenue()).isEqualTo(revenue);
  }

  @Test
  void roundingMinimumAndMaximumAsConfigured() {
    Wallet payer = euros(1_000_000);
    Wallet payee = euros(0);

    assertThat(feeOf(transfer(payer, payee.id(), 2_700, ApiClient.newKey()))).isEqualTo(51);
    assertThat(feeOf(transfer(payer, payee.id(), 2_699, ApiClient.newKey()))).isEqualTo(50);
    assertThat(feeOf(transfer(payer, payee.id(), 1_000, ApiClient.newKey()))).isEqualTo(50);
    assertThat(feeOf(transfer(payer, payee.id(), 200_000, ApiClient.newKey()))).isEqualTo(2_000);
    assertThat(balance(payer.id()))
        .isEqualTo(1_000_000 - 2_700 - 51 - 2_699 - 50 - 1_000 - 50 - 200_000 - 2_000);
    assertBooksBalance();
  }

  private static long feeOf(ApiClient.Reply reply) {
    assertThat(reply.status()).as(reply.body()).isEqualTo(201);
    return reply.json().get("fee").asLong();
  }

  @Test
  void batchItemsPayTheFeeTooAndOtherCurrenciesPayNone() {
    Wallet payer = euros(2_099);
    Wallet payee = euros(0);
    Wallet dongs = walletWith(5_000);
    Wallet other = openWallet();

    ApiClient.Reply batch =
        transferBatch(
            payer.token(),
            List.of(
                batchItem(ApiClient.newKey(), payer.id(), payee.id(), 1_000),
                batchItem(ApiClient.newKey(), payer.id(), payee.id(), 1_000)));
    ApiClient.Reply free = transfer(dongs, other.id(), 5_000, ApiClient.newKey());

    assertThat(batch.json().get("results").get(0).get("status").asInt()).isEqualTo(201);
    assertThat(batch.json().get("results").get(1).get("code").asText())
        .isEqualTo("INSUFFICIENT_FUNDS");
    assertThat(balance(payer.id())).isEqualTo(1_049);
    assertThat(free.status()).isEqualTo(201);
    assertThat(free.json().has("fee")).isFalse();
    assertThat(balance(dongs.id())).isZero();
  }
}
