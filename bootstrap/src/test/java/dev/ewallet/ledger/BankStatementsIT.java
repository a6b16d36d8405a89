package dev.ewallet.ledger;

import static dev.ewallet.ledger.adapter.bankiso20022.CamtFile.payment;
import static dev.ewallet.ledger.adapter.bankiso20022.CamtFile.returned;
import static dev.ewallet.ledger.adapter.bankiso20022.CamtFile.withReference;
import static dev.ewallet.ledger.adapter.bankiso20022.CamtFile.withText;
import static org.assertj.core.api.Assertions.assertThat;

import dev.ewallet.ledger.adapter.bankiso20022.CamtFile;
import dev.ewallet.ledger.domain.bank.Payout;
import dev.ewallet.ledger.domain.journal.TransactionId;
import dev.ewallet.ledger.domain.port.in.Caller;
import dev.ewallet.ledger.domain.port.in.ImportStatementInboxCommand;
import dev.ewallet.ledger.domain.port.in.ImportStatementInboxUseCase;
import dev.ewallet.ledger.events.client.SafeguardingShortfallRecord;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ThreadLocalRandom;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.beans.factory.annotation.Autowired;
import tools.jackson.databind.JsonNode;

/**
 * Bank statements over HTTP on real PostgreSQL: a camt.053 of payouts, a return, a wrong amount and
 * an unknown credit is imported, dry run first; exactly the right withdrawals settle, the rest
 * waits as unmatched; importing again changes nothing; a notification and the day's statement
 * reporting one booking settle it once; and every bad file is refused with nothing stored.
 */
class BankStatementsIT extends LedgerIntegrationTest {

  @AfterEach
  void leaveTheBankCovered() {
    leaveSafeguardingCovered();
  }

  private static final String ACCOUNT = "0071000123456";

  @Autowired ImportStatementInboxUseCase inbox;

  private static CamtFile statement(String id) {
    return CamtFile.statement()
        .ids("MSG-" + id, "STMT-" + id)
        .localAccount(ACCOUNT)
        .currency("VND");
  }

  private static String unique() {
    return UUID.randomUUID().toString().substring(0, 8);
  }

  private String withdrawal(Wallet wallet, long amount) {
    ApiClient.Reply accepted = withdraw(wallet, amount);
    assertThat(accepted.status()).as(accepted.body()).isEqualTo(202);
    return accepted.json().get("withdrawalId").asText();
  }

  private static String endToEnd(String withdrawalId) {
    return Payout.endToEndIdOf(TransactionId.parse(withdrawalId));
  }

  private String status(String withdrawalId) {
    return api().get("/v1/withdrawals/" + withdrawalId, OPERATOR).json().get("status").asText();
  }

  private List<JsonNode> unmatchedLinesOf(String statementId) {
    List<JsonNode> lines = new ArrayList<>();
    for (JsonNode line :
        api()
            .get("/v1/bank-statements/lines?status=UNMATCHED&limit=100", OPERATOR)
            .json()
            .get("items")) {
      if (line.get("statementId").asText().equals(statementId)) {
        lines.add(line);
      }
    }
    return lines;
  }

  @Test
  void aStatementSettlesExactlyTheWithdrawalsItsLinesMatchAndOnlyOnce() {
    Wallet wallet = walletWith(100_000);
    String paid = withdrawal(wallet, 10_000);
    String bounced = withdrawal(wallet, 20_000);
    String misstated = withdrawal(wallet, 30_000);
    String id = unique();
    String xml =
        statement(id)
            .balances("1000000", "967777")
            .entry("DBIT", "10000", payment(endToEnd(paid), "10000", "VND"))
            .entry("DBIT", "20000", payment(endToEnd(bounced), "20000", "VND"))
            .entry("CRDT", "20000", returned(payment(endToEnd(bounced), "20000", "VND"), "AC04"))
            .entry("DBIT", "29000", payment(endToEnd(misstated), "29000", "VND"))
            .entry("CRDT", "6777", null)
            .xml();

    ApiClient.Reply dryRun = importStatement(OPERATOR, xml, "?dryRun=true");
    assertThat(dryRun.status()).as(dryRun.body()).isEqualTo(200);
    assertThat(dryRun.json().get("dryRun").asBoolean()).isTrue();
    assertThat(outcomes(dryRun))
        .containsExactly(
            "SETTLED_WITHDRAWAL",
            "FAILED_WITHDRAWAL",
            "FAILED_WITHDRAWAL",
            "UNMATCHED",
            "UNMATCHED");
    assertThat(status(paid)).isEqualTo("PENDING");
    assertThat(unmatchedLinesOf("STMT-" + id)).isEmpty();

    ApiClient.Reply imported = importStatement(OPERATOR, xml, "");

    assertThat(imported.status()).as(imported.body()).isEqualTo(201);
    JsonNode result = imported.json().get("statements").get(0);
    assertThat(result.get("alreadyImported").asBoolean()).isFalse();
    assertThat(result.get("id").asLong()).isPositive();
    assertThat(outcomes(imported))
        .containsExactly(
            "SETTLED_WITHDRAWAL",
            "FAILED_WITHDRAWAL",
            "FAILED_WITHDRAWAL",
            "UNMATCHED",
            "UNMATCHED");
    JsonNode lines = result.get("lines");
    assertThat(lines.get(2).get("transactionId").asText())
        .isEqualTo(lines.get(1).get("transactionId").asText());
    assertThat(lines.get(3).get("reason").asText()).contains("29000 VND").contains("30000 VND");
    assertThat(status(paid)).isEqualTo("COMPLETED");
    assertThat(status(bounced)).isEqualTo("FAILED");
    assertThat(status(misstated)).isEqualTo("PENDING");
    assertThat(balance(wallet.id())).isEqualTo(100_000 - 10_000 - 30_000);
    assertThat(unmatchedLinesOf("STMT-" + id))
        .extracting(line -> line.get("amount").asLong())
        .containsExactly(6_777L, 29_000L);

    ApiClient.Reply again = importStatement(OPERATOR, xml, "");
    assertThat(again.status()).as(again.body()).isEqualTo(200);
    assertThat(again.json().get("statements").get(0).get("alreadyImported").asBoolean()).isTrue();
    assertThat(again.json().get("statements").get(0).get("id")).isEqualTo(result.get("id"));
    assertThat(outcomes(again))
        .containsExactly("MATCHED", "MATCHED", "MATCHED", "UNMATCHED", "UNMATCHED");
    assertThat(again.json().get("statements").get(0).get("lines").get(0).get("transactionId"))
        .isEqualTo(lines.get(0).get("transactionId"));
    assertThat(balance(wallet.id())).isEqualTo(60_000);
    assertThat(unmatchedLinesOf("STMT-" + id)).hasSize(2);

    // Reconciliation's bank view: the bank booked these lines on 2026-12-04, over a day ago, and
    // no withdrawal has been pending for two days.
    JsonNode bank = api().get("/v1/reconciliation", OPERATOR).json().get("bank");
    assertThat(bank.get("unmatchedLineAge").asText()).isEqualTo("PT24H");
    assertThat(bank.get("staleLines").asLong()).isGreaterThanOrEqualTo(2);
    List<String> bookingDates = new ArrayList<>();
    bank.get("oldestStaleLines")
        .forEach(line -> bookingDates.add(line.get("bookingDate").asText()));
    assertThat(bookingDates).isSorted().hasSizeLessThanOrEqualTo(20);
    assertThat(bank.get("settlementTime").asText()).isEqualTo("PT48H");
    assertThat(bank.get("overduePayouts").asLong()).isZero();

    String changed = xml.replace(">6777<", ">6778<").replace(">967777<", ">967778<");
    assertThat(importStatement(OPERATOR, changed, "").code()).isEqualTo("STATEMENT_CONFLICT");

    // The exceptions queue, resolved by hand: the misstated payout matched after checking with
    // the bank, the unknown credit dismissed; each once.
    String misstatedLine = "/v1/bank-statements/lines/" + lines.get(3).get("lineId").asLong();
    String unknownLine = "/v1/bank-statements/lines/" + lines.get(4).get("lineId").asLong();
    ApiClient.Reply matched =
        api()
            .post(
                misstatedLine + "/resolution",
                OPERATOR,
                ApiClient.newKey(),
                "{\"action\":\"MATCH_WITHDRAWAL\",\"withdrawalId\":\"" + misstated + "\"}");
    assertThat(matched.status()).as(matched.body()).isEqualTo(200);
    assertThat(matched.json().get("status").asText()).isEqualTo("MATCHED");
    assertThat(matched.json().get("withdrawalId").asText()).isEqualTo(misstated);
    assertThat(status(misstated)).isEqualTo("COMPLETED");
    assertThat(
            api()
                .post(unknownLine + "/resolution", OPERATOR, ApiClient.newKey(), dismissal(""))
                .code())
        .isEqualTo("VALIDATION_FAILED");
    assertThat(
            api()
                .post(
                    unknownLine + "/resolution",
                    OPERATOR,
                    ApiClient.newKey(),
                    "{\"action\":\"IGNORE\"}")
                .json()
                .get("detail")
                .asText())
        .contains("MATCH_WITHDRAWAL, MATCH_DEPOSIT, BOOK_DEPOSIT or DISMISS");
    ApiClient.Reply dismissed =
        api()
            .post(
                unknownLine + "/resolution",
                OPERATOR,
                ApiClient.newKey(),
                dismissal("interest credited by the bank"));
    assertThat(dismissed.json().get("status").asText()).isEqualTo("DISMISSED");
    assertThat(dismissed.json().get("reason").asText()).isEqualTo("interest credited by the bank");
    assertThat(
            api()
                .post(unknownLine + "/resolution", OPERATOR, ApiClient.newKey(), dismissal("x"))
                .code())
        .isEqualTo("STATEMENT_LINE_RESOLVED");
    assertThat(
            api()
                .post(
                    "/v1/bank-statements/lines/999999999/resolution",
                    OPERATOR,
                    ApiClient.newKey(),
                    dismissal("x"))
                .code())
        .isEqualTo("STATEMENT_LINE_NOT_FOUND");
    assertThat(unmatchedLinesOf("STMT-" + id)).isEmpty();
    assertThat(balance(wallet.id())).isEqualTo(60_000);
    assertBooksBalance();
  }

  @Test
  void aNotificationAndTheDaysStatementReportingOneBookingSettleItOnce() {
    Wallet wallet = walletWith(50_000);
    String payout = withdrawal(wallet, 5_000);
    String id = unique();
    String line = payment(endToEnd(payout), "5000", "VND");

    ApiClient.Reply notified =
        importStatement(
            OPERATOR,
            CamtFile.notification()
                .ids("NTF-" + id, "NTF-" + id)
                .localAccount(ACCOUNT)
                .currency("VND")
                .entry("DBIT", "5000", line)
                .xml(),
            "");
    ApiClient.Reply stated =
        importStatement(
            OPERATOR,
            statement(id).balances("100000", "95000").entry("DBIT", "5000", line).xml(),
            "");

    assertThat(outcomes(notified)).containsExactly("SETTLED_WITHDRAWAL");
    assertThat(outcomes(stated)).containsExactly("SETTLED_WITHDRAWAL");
    assertThat(transactionOfFirstLine(stated)).isEqualTo(transactionOfFirstLine(notified));
    assertThat(status(payout)).isEqualTo("COMPLETED");
    assertThat(balance(wallet.id())).isEqualTo(45_000);
    assertBooksBalance();
  }

  @Test
  void aStatementInTheCsvLayoutSettlesAsTheXmlDoes() {
    Wallet wallet = walletWith(50_000);
    String paid = withdrawal(wallet, 7_000);
    String bounced = withdrawal(wallet, 3_000);
    String id = unique();
    String csv =
        "statement,MSG-"
            + id
            + ",CSV-"
            + id
            + ","
            + ACCOUNT
            + ",VND,100000,94500\n"
            + "booking_date,value_date,direction,amount,end_to_end_id,reference,bank_reference,"
            + "returned,return_reason\n"
            + "2026-12-04,,DEBIT,7000,"
            + endToEnd(paid)
            + ",,B-1,,\n"
            + "2026-12-04,,DEBIT,3000,"
            + endToEnd(bounced)
            + ",,B-2,,\n"
            + "2026-12-04,,CREDIT,3000,"
            + endToEnd(bounced)
            + ",,B-3,true,AC04\n"
            + "2026-12-04,,CREDIT,1500,,\"DEP-1, from Bob\",B-4,,\n";

    ApiClient.Reply imported = importStatement(OPERATOR, csv, "", "text/csv");
    ApiClient.Reply again = importStatement(OPERATOR, csv, "", "text/csv; charset=utf-8");

    assertThat(imported.status()).as(imported.body()).isEqualTo(201);
    assertThat(outcomes(imported))
        .containsExactly(
            "SETTLED_WITHDRAWAL", "FAILED_WITHDRAWAL", "FAILED_WITHDRAWAL", "UNMATCHED");
    assertThat(again.json().get("statements").get(0).get("alreadyImported").asBoolean()).isTrue();
    assertThat(status(paid)).isEqualTo("COMPLETED");
    assertThat(status(bounced)).isEqualTo("FAILED");
    assertThat(balance(wallet.id())).isEqualTo(43_000);
    assertThat(unmatchedLinesOf("CSV-" + id))
        .extracting(line -> line.get("remittance").asText())
        .containsExactly("DEP-1, from Bob");
    ApiClient.Reply refused =
        importStatement(OPERATOR, csv.replace("DEBIT,7000", "DEBIT,7000.5"), "", "text/csv");
    assertThat(refused.code()).isEqualTo("STATEMENT_INVALID");
    assertThat(refused.json().get("detail").asText()).startsWith("CSV line 3:");
    assertBooksBalance();
  }

  @Test
  void oneFileImportedFourTimesAtOnceIsStoredOnceAndSettlesOnce() throws Exception {
    Wallet wallet = walletWith(50_000);
    String payout = withdrawal(wallet, 7_000);
    String id = unique();
    String xml =
        statement(id)
            .balances("100000", "93000")
            .entry("DBIT", "7000", payment(endToEnd(payout), "7000", "VND"))
            .xml();

    List<ApiClient.Reply> replies = new ArrayList<>();
    try (ExecutorService operators = Executors.newFixedThreadPool(4)) {
      List<Future<ApiClient.Reply>> sent = new ArrayList<>();
      for (int i = 0; i < 4; i++) {
        sent.add(operators.submit(() -> importStatement(OPERATOR, xml, "")));
      }
      for (Future<ApiClient.Reply> reply : sent) {
        replies.add(reply.get());
      }
    }

    assertThat(replies)
        .extracting(ApiClient.Reply::status)
        .containsExactlyInAnyOrder(201, 200, 200, 200);
    assertThat(replies)
        .filteredOn(reply -> reply.status() == 201)
        .allSatisfy(reply ->
            assertThat(reply.json().get("statements").get(0).get("alreadyImported").asBoolean())
                .isFalse());
    assertThat(status(payout)).isEqualTo("COMPLETED");
    assertThat(balance(wallet.id())).isEqualTo(43_000);
    assertBooksBalance();
  }

  @Test
  void aBadFileIsRefusedWithItsProblemAndNothingStored(@TempDir Path dir) throws Exception {
    String id = unique();
    String unbalanced = statement(id).balances("100", "101").entry("CRDT", "2", null).xml();
    assertThat(importStatement(OPERATOR, unbalanced, "").code()).isEqualTo("STATEMENT_INVALID");
    assertThat(unmatchedLinesOf("STMT-" + id)).isEmpty();

    String unknownAccount =
        CamtFile.statement()
            .ids("MSG-" + id, "STMT-" + id)
            .currency("VND")
            .balances("0", "0")
            .xml();
    ApiClient.Reply unknown = importStatement(OPERATOR, unknownAccount, "");
    assertThat(unknown.code()).isEqualTo("STATEMENT_INVALID");
    assertThat(unknown.json().get("detail").asText()).contains("not one of the ledger's");

    String euros = statement(id).currency("EUR").balances("0", "0").xml();
    assertThat(importStatement(OPERATOR, euros, "").code()).isEqualTo("CURRENCY_MISMATCH");

    Path secret = Files.writeString(dir.resolve("secret.txt"), "TOP-SECRET");
    String xxe =
        statement(id)
            .balances("0", "0")
            .xml()
            .replace(
                "<Document",
                "<!DOCTYPE Document [<!ENTITY x SYSTEM \"" + secret.toUri() + "\">]><Document")
            .replace("<MsgId>MSG-" + id, "<MsgId>&x;");
    ApiClient.Reply refused = importStatement(OPERATOR, xxe, "");
    assertThat(refused.code()).isEqualTo("STATEMENT_INVALID");
    assertThat(refused.body()).doesNotContain("TOP-SECRET");

    assertThat(importStatement(OPERATOR, "<Document/>", "").code()).isEqualTo("STATEMENT_INVALID");
    Wallet wallet = openWallet();
    assertThat(importStatement(wallet.token(), unbalanced, "").code()).isEqualTo("FORBIDDEN");
    assertThat(
            api().post("/v1/bank-statements", OPERATOR, ApiClient.newKey(), "{\"file\":1}").code())
        .isEqualTo("UNSUPPORTED_MEDIA_TYPE");
    assertThat(api().get("/v1/bank-statements/lines?status=LOST", OPERATOR).code())
        .isEqualTo("VALIDATION_FAILED");
    assertThat(unmatchedLinesOf("STMT-" + id)).isEmpty();
  }

  @Test
  void aDebitNamingNoWithdrawalPaysOutTheOnePayoutOfItsAmountSentBeforeItsValueDate() {
    Wallet wallet = walletWith(100_000);
    // An amount no other test withdraws, so that this payout is the only one of it.
    long amount = 10_000 + ThreadLocalRandom.current().nextLong(80_000);
    String paid = withdrawal(wallet, amount);
    String id = unique();
    String xml =
        statement(id)
            .balances(Long.toString(amount), "0")
            .valueDate(LocalDate.now(ZoneOffset.UTC))
            .entry(
                "DBIT", Long.toString(amount), payment("NOTPROVIDED", Long.toString(amount), "VND"))
            .xml();

    ApiClient.Reply imported = importStatement(OPERATOR, xml, "");

    assertThat(imported.status()).as(imported.body()).isEqualTo(201);
    assertThat(outcomes(imported)).containsExactly("SETTLED_WITHDRAWAL");
    JsonNode line = imported.json().get("statements").get(0).get("lines").get(0);
    assertThat(line.get("withdrawalId").asText()).isEqualTo(paid);
    assertThat(line.get("reason").asText())
        .isEqualTo("paid out: matched by its amount and value date");
    assertThat(status(paid)).isEqualTo("COMPLETED");
    assertBooksBalance();
  }

  @Test
  void aCreditNamingAWalletsDepositReferenceIsBookedToItOnce() {
    Wallet wallet = walletWith(1_000);
    JsonNode account = api().get("/v1/accounts/" + wallet.id(), wallet.token()).json();
    String reference = account.get("depositReference").asText();
    assertThat(reference).startsWith("RF").endsWith("W" + wallet.id());
    Wallet dong = openWallet();
    String mistyped =
        reference.substring(0, reference.length() - 1)
            + (char) ('0' + (reference.charAt(reference.length() - 1) - '0' + 1) % 10);
    String id = unique();
    String xml =
        statement(id)
            .balances("0", "13500")
            .entry("CRDT", "6000", withReference(payment("NOTPROVIDED", "6000", "VND"), reference))
            .entry(
                "CRDT",
                "7000",
                withText(payment("NOTPROVIDED", "7000", "VND"), "top-up " + reference))
            .entry("CRDT", "500", withReference(payment("NOTPROVIDED", "500", "VND"), mistyped))
            .xml();

    ApiClient.Reply imported = importStatement(OPERATOR, xml, "");
    ApiClient.Reply again = importStatement(OPERATOR, xml, "");

    assertThat(imported.status()).as(imported.body()).isEqualTo(201);
    assertThat(outcomes(imported)).containsExactly("BOOKED_DEPOSIT", "BOOKED_DEPOSIT", "UNMATCHED");
    assertThat(outcomes(again)).containsExactly("MATCHED", "MATCHED", "UNMATCHED");
    assertThat(balance(wallet.id())).isEqualTo(1_000 + 6_000 + 7_000);
    assertThat(balance(dong.id())).isZero();
    JsonNode booked = imported.json().get("statements").get(0).get("lines").get(0);
    JsonNode deposit =
        api()
            .get("/v1/transactions/" + booked.get("transactionId").asText(), wallet.token())
            .json();
    assertThat(deposit.get("type").asText()).isEqualTo("DEPOSIT");
    assertThat(deposit.at("/metadata/bankStatementId").asText()).isEqualTo("STMT-" + id);
    assertThat(unmatchedLinesOf("STMT-" + id)).hasSize(1);
    assertThat(
            api()
                .get(
                    "/v1/accounts/"
                        + jdbc.sql(
                                "SELECT id FROM account WHERE kind = 'BANK_CLEARING'"
                                    + " AND currency = 'VND' AND parent_id IS NULL")
                            .query(Long.class)
                            .single(),
                    OPERATOR)
                .json()
                .has("depositReference"))
        .isFalse();
    assertBooksBalance();
  }

  @Test
  void theSafeguardingCheckComparesTheBanksClosingBalanceWithWhatTheLedgerOwes() {
    JsonNode before = safeguarding();
    Wallet wallet = walletWith(50_000);
    String pending = withdrawal(wallet, 7_000);
    String paidByHand = withdrawal(wallet, 3_000);
    ApiClient.Reply completed =
        api()
            .post(
                "/v1/withdrawals/" + paidByHand + "/complete", OPERATOR, ApiClient.newKey(), "{}");
    assertThat(completed.status()).as(completed.body()).isEqualTo(200);

    // Other tests' holds may expire meanwhile, moving money from held back to balances: what is
    // owed in total does not change with that.
    JsonNode owed = safeguarding();
    assertThat(owed.get("owedToCustomers").asLong())
        .isEqualTo(before.get("owedToCustomers").asLong() + 50_000 - 3_000);
    assertThat(owed.get("payoutsInTransit").asLong())
        .isEqualTo(before.get("payoutsInTransit").asLong() + 3_000);
    assertThat(owed.get("owedToCustomers").asLong())
        .isEqualTo(owed.get("customerBalances").asLong() + owed.get("heldAmounts").asLong());

    // The bank pays the pending withdrawal out and reports an unknown credit; its closing balance
    // is one dong short of what the ledger expects after the import.
    long expectedAfter = owed.get("expectedAtBank").asLong() - 7_000 + 1_234;
    long closing = expectedAfter - 1;
    String id = unique();
    importStatement(
        OPERATOR,
        statement(id)
            .balances(Long.toString(closing + 7_000 - 1_234), Long.toString(closing))
            .entry("DBIT", "7000", payment(endToEnd(pending), "7000", "VND"))
            .entry("CRDT", "1234", null)
            .xml(),
        "");

    JsonNode shortBy1 = safeguarding();
    assertThat(shortBy1.get("statementId").asText()).isEqualTo("STMT-" + id);
    assertThat(shortBy1.get("bankClosing").asLong()).isEqualTo(closing);
    assertThat(shortBy1.get("owedToCustomers").asLong())
        .isEqualTo(owed.get("owedToCustomers").asLong() - 7_000);
    assertThat(shortBy1.get("payoutsInTransit").asLong())
        .isEqualTo(owed.get("payoutsInTransit").asLong());
    assertThat(shortBy1.get("unpostedCredits").asLong())
        .isEqualTo(owed.get("unpostedCredits").asLong() + 1_234);
    assertThat(shortBy1.get("expectedAtBank").asLong()).isEqualTo(expectedAfter);
    assertThat(shortBy1.get("difference").asLong()).isEqualTo(-1);
    assertThat(shortBy1.get("shortfall").asBoolean()).isTrue();
    assertThat(safeguardingHealth()).isEqualTo("WARNING");
    assertThat(api().get("/actuator/prometheus", OPERATOR).body())
        .containsPattern("ledger_safeguarding_difference\\{[^}]*currency=\"VND\"[^}]*\\} -1\\.0");
    // Checked after the import and twice since, the statement's shortfall is announced once.
    assertThat(safeguarding().get("difference").asLong()).isEqualTo(-1);
    SafeguardingShortfallRecord announced = shortfallAnnouncedFor("STMT-" + id);
    assertThat(announced.key()).isEqualTo("VND");
    assertThat(announced.schemaVersion()).isEqualTo(1);
    assertThat(announced.bankClosing()).isEqualTo(closing);
    assertThat(announced.expectedAtBank()).isEqualTo(expectedAfter);
    assertThat(announced.difference()).isEqualTo(-1);
    assertThat(announced.unpostedCredits()).isEqualTo(shortBy1.get("unpostedCredits").asLong());
    assertThat(announced.account()).isEqualTo(shortBy1.get("account").asText());
    assertThat(
            jdbc.sql(
                    "SELECT count(*) FROM outbox_event WHERE topic = 'ledger.safeguarding'"
                        + " AND payload -> 'statement' ->> 'statementId' = ?")
                .param("STMT-" + id)
                .query(Long.class)
                .single())
        .isOne();

    // The credit was interest, not a customer's: dismissed, it is the business's money at the bank.
    long credit = unmatchedLinesOf("STMT-" + id).getFirst().get("lineId").asLong();
    api()
        .post(
            "/v1/bank-statements/lines/" + credit + "/resolution",
            OPERATOR,
            ApiClient.newKey(),
            dismissal("interest"));
    JsonNode surplus = safeguarding();
    assertThat(surplus.get("difference").asLong()).isEqualTo(1_233);
    assertThat(surplus.get("shortfall").asBoolean()).isFalse();
    assertThat(safeguardingHealth()).isEqualTo("UP");

    assertThat(api().get("/v1/safeguarding?currency=VND", wallet.token()).code())
        .isEqualTo("FORBIDDEN");
    assertThat(api().get("/v1/safeguarding?currency=JPY", OPERATOR).code())
        .isEqualTo("VALIDATION_FAILED");
    assertThat(api().get("/v1/safeguarding", OPERATOR).code()).isEqualTo("VALIDATION_FAILED");
    assertBooksBalance();
  }

  /** The statement's shortfall as consumers receive it, one event however often it arrives. */
  private static SafeguardingShortfallRecord shortfallAnnouncedFor(String statementId) {
    List<SafeguardingShortfallRecord> events =
        KafkaTestBroker.consumeUntil(
                KafkaTestBroker.SAFEGUARDING,
                records -> records.stream().anyMatch(r -> r.value().contains(statementId)),
                Duration.ofSeconds(60))
            .stream()
            .map(SafeguardingShortfallRecord::from)
            .filter(e -> e.statementId().equals(statementId))
            .toList();
    // At least once: a relay retried in between may have sent the one event twice.
    assertThat(events.stream().map(SafeguardingShortfallRecord::eventId).distinct()).hasSize(1);
    return events.getFirst();
  }

  private String safeguardingHealth() {
    return api()
        .get("/actuator/health", OPERATOR)
        .json()
        .at("/components/safeguarding/status")
        .asText();
  }

  private JsonNode safeguarding() {
    ApiClient.Reply check = api().get("/v1/safeguarding?currency=VND", OPERATOR);
    assertThat(check.status()).as(check.body()).isEqualTo(200);
    return check.json();
  }

  private static List<String> outcomes(ApiClient.Reply reply) {
    List<String> outcomes = new ArrayList<>();
    for (JsonNode statement : reply.json().get("statements")) {
      for (JsonNode line : statement.get("lines")) {
        outcomes.add(line.get("outcome").asText());
      }
    }
    return outcomes;
  }

  private static String dismissal(String reason) {
    return "{\"action\":\"DISMISS\",\"reason\":\"" + reason + "\"}";
  }

  private static String transactionOfFirstLine(ApiClient.Reply reply) {
    return reply.json().get("statements").get(0).get("lines").get(0).get("transactionId").asText();
  }

  @Test
  void filesLeftInTheIncomingDirectoryAreImportedOrQuarantinedWithTheirReason() throws Exception {
    Path incoming = Path.of(environment.getProperty("ledger.bank.incoming-dir"));
    Files.createDirectories(incoming);
    String id = unique();
    Files.writeString(
        incoming.resolve(id + "-a.xml"),
        CamtFile.notification()
            .ids("MSG-" + id, "NTF-" + id)
            .localAccount(ACCOUNT)
            .currency("VND")
            .entry("CRDT", "4321", null)
            .xml());
    Files.writeString(incoming.resolve(id + "-b.xml"), "<Document>");
    Files.writeString(incoming.resolve(id + "-c.txt"), "a memo");
    Files.writeString(incoming.resolve("." + id + "-d.xml.partial"), "<Doc");

    ImportStatementInboxUseCase.InboxRun run =
        inbox.importWaiting(new ImportStatementInboxCommand(Caller.system()));

    assertThat(run.imported()).contains(id + "-a.xml");
    assertThat(run.quarantined()).contains(id + "-b.xml", id + "-c.txt");
    assertThat(incoming.resolve("imported/" + id + "-a.xml")).exists();
    assertThat(incoming.resolve(id + "-a.xml")).doesNotExist();
    assertThat(Files.readString(incoming.resolve("quarantine/" + id + "-c.txt.reason.txt")))
        .contains("neither .xml nor .csv");
    assertThat(incoming.resolve("quarantine/" + id + "-b.xml.reason.txt")).exists();
    assertThat(incoming.resolve("." + id + "-d.xml.partial")).exists();
    assertThat(unmatchedLinesOf("NTF-" + id))
        .extracting(line -> line.get("amount").asLong())
        .containsExactly(4_321L);

    // The same statement dropped again is imported before: it leaves the inbox, nothing changes.
    Files.copy(incoming.resolve("imported/" + id + "-a.xml"), incoming.resolve(id + "-a.xml"));
    assertThat(inbox.importWaiting(new ImportStatementInboxCommand(Caller.system())).imported())
        .contains(id + "-a.xml");
    assertThat(incoming.resolve("imported/" + id + "-a.xml.1")).exists();
    assertThat(unmatchedLinesOf("NTF-" + id)).hasSize(1);
  }
}
