package dev.ewallet.ledger;

import static dev.ewallet.ledger.adapter.bankiso20022.CamtFile.payment;
import static dev.ewallet.ledger.adapter.bankiso20022.CamtFile.returned;
import static dev.ewallet.ledger.adapter.bankiso20022.CamtFile.withReference;
import static org.assertj.core.api.Assertions.assertThat;

import dev.ewallet.ledger.adapter.bankiso20022.CamtFile;
import dev.ewallet.ledger.adapter.bankiso20022.PaymentFiles;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/**
 * The bank loop end to end over HTTP on real PostgreSQL: 1,000 withdrawals naming their payees are
 * paid out in a pain.001 file (valid against its schema, each withdrawal once), the bank's camt.053
 * of that file (most paid, some returned, some of other amounts, some not yet booked, credits for
 * pending deposits, some of other amounts, and credits nobody expected) is imported, exactly the
 * right withdrawals complete and fail, the right pending deposits settle once, and the books and
 * the safeguarding check agree with a hand computation; importing again changes nothing.
 */
class PayoutFilesIT extends LedgerIntegrationTest {

  @AfterEach
  void leaveTheBankCovered() {
    leaveSafeguardingCovered();
  }

  private static final int WALLETS = 10;
  private static final int PER_WALLET = 100;
  private static final long AMOUNT_BASE = 1_000;

  private String withdrawWithPayee(Wallet wallet, long amount, int n) {
    ApiClient.Reply accepted =
        withdraw(
            wallet,
            amount,
            "{\"name\":\"Customer "
                + n
                + "\",\"accountNumber\":\"00710"
                + n
                + "\",\"bic\":\"BFTVVNVX\"}");
    assertThat(accepted.status()).as(accepted.body()).isEqualTo(202);
    return accepted.json().get("withdrawalId").asText();
  }

  /** Announces a pending deposit with a reference; its id. */
  private String announce(Wallet wallet, long amount, String reference) {
    ApiClient.Reply announced =
        api()
            .post(
                "/v1/deposits",
                OPERATOR,
                ApiClient.newKey(),
                "{\"accountId\":"
                    + wallet.id()
                    + ",\"amount\":"
                    + amount
                    + ",\"status\":\"PENDING\",\"reference\":\""
                    + reference
                    + "\"}");
    assertThat(announced.status()).as(announced.body()).isEqualTo(201);
    return announced.json().get("id").asText();
  }

  private String depositStatus(String depositId) {
    return api().get("/v1/deposits/" + depositId, OPERATOR).json().get("status").asText();
  }

  private JsonNode safeguarding() {
    return api().get("/v1/safeguarding?currency=VND", OPERATOR).json();
  }

  private String status(String withdrawalId) {
    return api().get("/v1/withdrawals/" + withdrawalId, OPERATOR).json().get("status").asText();
  }

  @Test
  void withdrawalsArePaidOutInAPaymentFileAndSettledByTheBanksStatement() throws Exception {
    List<Wallet> wallets = new ArrayList<>();
    for (int w = 0; w < WALLETS; w++) {
      wallets.add(walletWith(1_000_000));
    }
    Map<String, Long> amounts = new HashMap<>();
    Map<String, Wallet> owners = new HashMap<>();
    try (ExecutorService callers = Executors.newFixedThreadPool(16)) {
      List<Future<String>> requested = new ArrayList<>();
      for (int n = 0; n < WALLETS * PER_WALLET; n++) {
        Wallet wallet = wallets.get(n % WALLETS);
        long amount = AMOUNT_BASE + n;
        int number = n;
        requested.add(callers.submit(() -> withdrawWithPayee(wallet, amount, number)));
      }
      for (int n = 0; n < requested.size(); n++) {
        String id = requested.get(n).get();
        amounts.put(id, AMOUNT_BASE + n);
        owners.put(id, wallets.get(n % WALLETS));
      }
    }

    ApiClient.Reply run = api().post("/v1/payout-files", OPERATOR, ApiClient.newKey(), null);
    assertThat(run.status()).as(run.body()).isEqualTo(200);
    assertThat(run.json().get("items")).hasSize(1);
    JsonNode file = run.json().get("items").get(0);
    assertThat(file.get("payouts").asInt()).isEqualTo(1_000);
    assertThat(file.get("total").asLong())
        .isEqualTo(amounts.values().stream().mapToLong(Long::longValue).sum());
    Path written = Path.of(file.get("leftAt").asText());
    byte[] content = Files.readAllBytes(written);
    List<PaymentFiles.Transfer> transfers = PaymentFiles.transfers(content);
    assertThat(transfers).hasSize(1_000);
    Map<String, String> withdrawalOf = new HashMap<>();
    for (String id : amounts.keySet()) {
      withdrawalOf.put(id.replace("-", ""), id);
    }
    assertThat(transfers)
        .extracting(PaymentFiles.Transfer::endToEndId)
        .doesNotHaveDuplicates()
        .allMatch(withdrawalOf::containsKey);
    for (PaymentFiles.Transfer transfer : transfers) {
      assertThat(Long.parseLong(transfer.amount()))
          .isEqualTo(amounts.get(withdrawalOf.get(transfer.endToEndId())));
    }

    // The record says the same as the file.
    JsonNode recorded =
        api().get("/v1/payout-files/" + file.get("fileId").asText(), OPERATOR).json();
    assertThat(recorded.get("total").asLong()).isEqualTo(file.get("total").asLong());
    assertThat(recorded.get("payouts")).hasSize(1_000);
    for (int i = 0; i < 1_000; i++) {
      JsonNode payout = recorded.get("payouts").get(i);
      assertThat(payout.get("endToEndId").asText()).isEqualTo(transfers.get(i).endToEndId());
      assertThat(payout.get("withdrawalId").asText())
          .isEqualTo(withdrawalOf.get(transfers.get(i).endToEndId()));
      assertThat(payout.get("amount").asLong())
          .isEqualTo(Long.parseLong(transfers.get(i).amount()));
    }
    assertThat(api().get("/v1/payout-files/PAY-NONE", OPERATOR).code()).isEqualTo("NOT_FOUND");

    // The listing shows it first, newest first, without its payouts.
    JsonNode newest = api().get("/v1/payout-files?currency=VND&limit=1", OPERATOR).json();
    JsonNode listed = newest.get("items").get(0);
    assertThat(listed.get("fileId").asText()).isEqualTo(file.get("fileId").asText());
    assertThat(listed.get("payouts").asInt()).isEqualTo(1_000);
    assertThat(listed.get("total").asLong()).isEqualTo(file.get("total").asLong());
    assertThat(listed.get("executionDate").asText())
        .isEqualTo(recorded.get("executionDate").asText());
    String cursor = newest.get("nextCursor").asText();
    assertThat(
            api()
                .get("/v1/payout-files?currency=VND&limit=100&cursor=" + cursor, OPERATOR)
                .json()
                .get("items"))
        .noneMatch(f -> f.get("fileId").asText().equals(file.get("fileId").asText()));
    assertThat(api().get("/v1/payout-files?limit=0", OPERATOR).code())
        .isEqualTo("VALIDATION_FAILED");
    assertThat(api().get("/v1/payout-files", openWallet().token()).code()).isEqualTo("FORBIDDEN");

    // Nothing is filed twice; a lost file is written again byte for byte, paying nothing anew.
    assertThat(
            api().post("/v1/payout-files", OPERATOR, ApiClient.newKey(), null).json().get("items"))
        .isEmpty();
    Files.delete(written);
    ApiClient.Reply resent =
        api()
            .post(
                "/v1/payout-files/" + file.get("fileId").asText() + "/resend",
                OPERATOR,
                ApiClient.newKey(),
                null);
    assertThat(resent.status()).as(resent.body()).isEqualTo(200);
    assertThat(Files.readAllBytes(written)).isEqualTo(content);
    assertThat(
            api()
                .post("/v1/payout-files/PAY-NONE/resend", OPERATOR, ApiClient.newKey(), null)
                .code())
        .isEqualTo("NOT_FOUND");

    // 20 pending deposits the bank announced, two to each wallet.
    String id = UUID.randomUUID().toString().substring(0, 8);
    List<String> deposits = new ArrayList<>();
    Map<String, Wallet> depositedTo = new HashMap<>();
    for (int d = 0; d < 20; d++) {
      Wallet wallet = wallets.get(d % WALLETS);
      String deposit = announce(wallet, 10_000 + d, "PD-" + id + "-" + d);
      deposits.add(deposit);
      depositedTo.put(deposit, wallet);
    }
    // What the ledger expected at the bank before the statement: the bank held exactly that.
    JsonNode before = safeguarding();

    // The bank's statement of the file: 900 paid, 40 paid and returned, 30 paid for another
    // amount, 30 not booked yet; 15 pending deposits paid in, 3 for another amount, 2 not yet;
    // and 5 credits nobody expected.
    CamtFile statement = CamtFile.statement().localAccount("0071000123456").currency("VND");
    statement.ids("MSG-" + id, "STMT-" + id);
    List<String> completed = new ArrayList<>();
    List<String> failed = new ArrayList<>();
    List<String> pending = new ArrayList<>();
    long movement = 0;
    for (int i = 0; i < transfers.size(); i++) {
      String e2e = transfers.get(i).endToEndId();
      String withdrawal = withdrawalOf.get(e2e);
      long amount = amounts.get(withdrawal);
      if (i < 900) {
        statement.entry("DBIT", Long.toString(amount), payment(e2e, Long.toString(amount), "VND"));
        movement -= amount;
        completed.add(withdrawal);
      } else if (i < 940) {
        statement.entry("DBIT", Long.toString(amount), payment(e2e, Long.toString(amount), "VND"));
        statement.entry(
            "CRDT",
            Long.toString(amount),
            returned(payment(e2e, Long.toString(amount), "VND"), "AC01"));
        failed.add(withdrawal);
      } else if (i < 970) {
        long other = amount - 1;
        statement.entry("DBIT", Long.toString(other), payment(e2e, Long.toString(other), "VND"));
        movement -= other;
        pending.add(withdrawal);
      } else {
        pending.add(withdrawal);
      }
    }
    List<String> settledDeposits = new ArrayList<>();
    long depositsIn = 0;
    long waitingCredits = 0;
    for (int d = 0; d < 18; d++) {
      long amount = d < 15 ? 10_000 + d : 10_000 + d + 1;
      statement.entry(
          "CRDT",
          Long.toString(amount),
          withReference(
              payment("NOTPROVIDED", Long.toString(amount), "VND"), "PD-" + id + "-" + d));
      movement += amount;
      if (d < 15) {
        settledDeposits.add(deposits.get(d));
        depositsIn += amount;
      } else {
        waitingCredits += amount;
      }
    }
    long paidForOtherAmounts = 0;
    for (int i = 940; i < 970; i++) {
      paidForOtherAmounts += amounts.get(withdrawalOf.get(transfers.get(i).endToEndId())) - 1;
    }
    for (int u = 1; u <= 5; u++) {
      statement.entry("CRDT", Long.toString(u * 111), null);
      movement += u * 111;
      waitingCredits += u * 111;
    }
    long opening = before.get("expectedAtBank").asLong();
    String xml =
        statement.balances(Long.toString(opening), Long.toString(opening + movement)).xml();

    ApiClient.Reply imported = importStatement(OPERATOR, xml, "");

    assertThat(imported.status()).as(imported.body()).isEqualTo(201);
    Map<String, Integer> byOutcome = new HashMap<>();
    for (JsonNode line : imported.json().get("statements").get(0).get("lines")) {
      byOutcome.merge(line.get("outcome").asText(), 1, Integer::sum);
    }
    assertThat(byOutcome)
        .containsEntry("SETTLED_WITHDRAWAL", 900)
        .containsEntry("FAILED_WITHDRAWAL", 40 + 40)
        .containsEntry("SETTLED_DEPOSIT", 15)
        .containsEntry("UNMATCHED", 30 + 3 + 5);
    assertThat(completed).allMatch(w -> status(w).equals("COMPLETED"));
    assertThat(failed).allMatch(w -> status(w).equals("FAILED"));
    assertThat(pending).allMatch(w -> status(w).equals("PENDING"));
    for (String deposit : deposits) {
      assertThat(depositStatus(deposit))
          .as(deposit)
          .isEqualTo(settledDeposits.contains(deposit) ? "SETTLED" : "PENDING");
    }

    // By hand: each wallet has what it did not withdraw, plus what came back, plus its deposits
    // that settled; the rest of its deposits are still pendingIn.
    for (Wallet wallet : wallets) {
      long out =
          amounts.entrySet().stream()
              .filter(e -> owners.get(e.getKey()) == wallet && !failed.contains(e.getKey()))
              .mapToLong(Map.Entry::getValue)
              .sum();
      long in = 0;
      long stillPending = 0;
      for (int d = 0; d < deposits.size(); d++) {
        if (depositedTo.get(deposits.get(d)) == wallet) {
          if (settledDeposits.contains(deposits.get(d))) {
            in += 10_000 + d;
          } else {
            stillPending += 10_000 + d;
          }
        }
      }
      assertThat(balance(wallet.id())).isEqualTo(1_000_000 - out + in);
      assertThat(
              api().get("/v1/accounts/" + wallet.id(), OPERATOR).json().get("pendingIn").asLong())
          .isEqualTo(stillPending);
    }

    // By hand, the safeguarding check of the statement: payouts matched leave the holds and are
    // in transit no more, settled deposits are owed to customers, credits in the queue are at the
    // bank but in no wallet, and what the bank paid for other amounts is missing.
    JsonNode after = safeguarding();
    long sumCompleted = completed.stream().mapToLong(amounts::get).sum();
    assertThat(after.get("statementId").asText()).isEqualTo("STMT-" + id);
    assertThat(after.get("bankClosing").asLong()).isEqualTo(opening + movement);
    assertThat(after.get("owedToCustomers").asLong())
        .isEqualTo(before.get("owedToCustomers").asLong() - sumCompleted + depositsIn);
    assertThat(after.get("payoutsInTransit").asLong())
        .isEqualTo(before.get("payoutsInTransit").asLong());
    assertThat(after.get("unpostedCredits").asLong())
        .isEqualTo(before.get("unpostedCredits").asLong() + waitingCredits);
    assertThat(after.get("difference").asLong()).isEqualTo(-paidForOtherAmounts);
    assertThat(after.get("shortfall").asBoolean()).isTrue();

    ApiClient.Reply again = importStatement(OPERATOR, xml, "");
    assertThat(again.status()).isEqualTo(200);
    assertThat(again.json().get("statements").get(0).get("alreadyImported").asBoolean()).isTrue();
    assertThat(completed).allMatch(w -> status(w).equals("COMPLETED"));
    assertThat(pending).allMatch(w -> status(w).equals("PENDING"));
    assertThat(settledDeposits).allMatch(d -> depositStatus(d).equals("SETTLED"));
    assertThat(safeguarding().get("difference").asLong()).isEqualTo(-paidForOtherAmounts);
    assertBooksBalance();
  }
}
