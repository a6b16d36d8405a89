package dev.ewallet.ledger.adapter.bankiso20022;

import static dev.ewallet.ledger.adapter.bankiso20022.CamtFile.payment;
import static dev.ewallet.ledger.adapter.bankiso20022.CamtFile.returned;
import static dev.ewallet.ledger.adapter.bankiso20022.CamtFile.withReference;
import static dev.ewallet.ledger.adapter.bankiso20022.CamtFile.withText;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ewallet.ledger.domain.bank.BankStatement;
import dev.ewallet.ledger.domain.bank.CreditDebit;
import dev.ewallet.ledger.domain.bank.StatementKind;
import dev.ewallet.ledger.domain.bank.StatementLine;
import dev.ewallet.ledger.domain.bankflow.BankAccountNumber;
import dev.ewallet.ledger.domain.error.CurrencyMismatchException;
import dev.ewallet.ledger.domain.error.StatementInvalidException;
import dev.ewallet.ledger.domain.money.CurrencyCode;
import dev.ewallet.ledger.domain.money.Money;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class Iso20022StatementsTest {

  private static final CurrencyCode EUR = CurrencyCode.of("EUR");
  private static final String PAYOUT = "0193a1f27c4e7a109b2c3d4e5f607182";

  private static Money eur(long cents) {
    return Money.of(cents, EUR);
  }

  @Test
  void anEndOfDayStatementGivesItsBalancesAndOneLinePerBookedPayment() {
    byte[] file =
        CamtFile.statement()
            .balances("1000.00", "1085.50")
            .entry("DBIT", "25.00", payment(PAYOUT, "25.00", "EUR"))
            .entry(
                "CRDT", "100.00", withReference(payment("NOTPROVIDED", "100.00", "EUR"), "DEP-7"))
            .entry("CRDT", "10.50", returned(payment("AB12", "10.50", "EUR"), "AC04"))
            .pending("CRDT", "999.00")
            .bytes();

    List<BankStatement> statements = Iso20022Statements.read(file);

    assertThat(statements).hasSize(1);
    BankStatement statement = statements.getFirst();
    assertThat(statement.kind()).isEqualTo(StatementKind.END_OF_DAY);
    assertThat(statement.messageId()).isEqualTo("MSG-20261204");
    assertThat(statement.statementId()).isEqualTo("STMT-20261204");
    assertThat(statement.account()).isEqualTo(BankAccountNumber.iban("DE89370400440532013000"));
    assertThat(statement.openingBalance()).isEqualTo(eur(100_000));
    assertThat(statement.closingBalance()).isEqualTo(eur(108_550));
    assertThat(statement.lines())
        .extracting(
            StatementLine::number,
            StatementLine::direction,
            StatementLine::amount,
            StatementLine::endToEndId,
            StatementLine::remittance,
            StatementLine::returned,
            StatementLine::returnReason)
        .containsExactly(
            org.assertj.core.groups.Tuple.tuple(
                1, CreditDebit.DEBIT, eur(2_500), PAYOUT, null, false, null),
            org.assertj.core.groups.Tuple.tuple(
                2, CreditDebit.CREDIT, eur(10_000), null, "DEP-7", false, null),
            org.assertj.core.groups.Tuple.tuple(
                3, CreditDebit.CREDIT, eur(1_050), "AB12", null, true, "AC04"));
    StatementLine first = statement.lines().getFirst();
    assertThat(first.bookingDate()).isEqualTo(LocalDate.parse("2026-12-04"));
    assertThat(first.valueDate()).isEqualTo(LocalDate.parse("2026-12-05"));
    assertThat(first.bankReference()).isEqualTo("BANK-0");
  }

  @Test
  void anEntryOfSeveralPaymentsIsOneLineEachAndTheyMustAddUpToIt() {
    byte[] file =
        CamtFile.statement()
            .balances("1000.00", "970.00")
            .batch(
                "DBIT",
                "30.00",
                payment("A", "10.00", "EUR"),
                withText(payment("B", "20.00", "EUR"), "two words"))
            .bytes();

    assertThat(Iso20022Statements.read(file).getFirst().lines())
        .extracting(StatementLine::endToEndId, StatementLine::amount, StatementLine::remittance)
        .containsExactly(
            org.assertj.core.groups.Tuple.tuple("A", eur(1_000), null),
            org.assertj.core.groups.Tuple.tuple("B", eur(2_000), "two words"));

    byte[] wrong =
        CamtFile.statement()
            .balances("1000.00", "970.00")
            .batch("DBIT", "30.00", payment("A", "10.00", "EUR"), payment("B", "25.00", "EUR"))
            .bytes();
    assertThatThrownBy(() -> Iso20022Statements.read(wrong))
        .isInstanceOf(StatementInvalidException.class)
        .hasMessageContaining("lists payments of -3500 EUR");
  }

  @Test
  void aNotificationHasNoBalancesAndAnOverdraftIsNegative() {
    BankStatement notification =
        Iso20022Statements.read(
                CamtFile.notification()
                    .localAccount("0071000123")
                    .entry("CRDT", "5.00", null)
                    .bytes())
            .getFirst();
    assertThat(notification.kind()).isEqualTo(StatementKind.NOTIFICATION);
    assertThat(notification.openingBalance()).isNull();
    assertThat(notification.account()).isEqualTo(BankAccountNumber.local("0071000123"));
    assertThat(notification.lines()).extracting(StatementLine::amount).containsExactly(eur(500));

    BankStatement overdrawn =
        Iso20022Statements.read(
                CamtFile.statement()
                    .balances("10.00", "-5.00")
                    .entry("DBIT", "15.00", null)
                    .bytes())
            .getFirst();
    assertThat(overdrawn.closingBalance()).isEqualTo(eur(-500));
  }

  @Test
  void aStatementWhoseLinesDoNotAddUpIsRefused() {
    byte[] file =
        CamtFile.statement().balances("1000.00", "1000.01").entry("CRDT", "5.00", null).bytes();
    assertThatThrownBy(() -> Iso20022Statements.read(file))
        .isInstanceOf(StatementInvalidException.class)
        .hasMessageContaining("STMT-20261204");
  }

  @Test
  void anAmountInAnotherCurrencyThanTheAccountsIsRefused() {
    byte[] file =
        CamtFile.statement()
            .balances("1000.00", "1000.00")
            .entry("CRDT", "5.00", payment("A", "5.00", "USD"))
            .bytes();
    assertThatThrownBy(() -> Iso20022Statements.read(file))
        .isInstanceOf(CurrencyMismatchException.class);
  }

  @Test
  void aFileThatIsNotValidAgainstItsSchemaIsRefusedWithTheLine() {
    String valid = CamtFile.statement().xml();
    byte[] invalid =
        valid.replace("<MsgId>", "<Unknown>x</Unknown><MsgId>").getBytes(StandardCharsets.UTF_8);
    assertThatThrownBy(() -> Iso20022Statements.read(invalid))
        .isInstanceOf(StatementInvalidException.class)
        .hasMessageStartingWith("line ");
    byte[] malformed = "<Document><oops></Document>".getBytes(StandardCharsets.UTF_8);
    assertThatThrownBy(() -> Iso20022Statements.read(malformed))
        .isInstanceOf(StatementInvalidException.class);
    byte[] unknown = "<Document xmlns=\"urn:example\"/>".getBytes(StandardCharsets.UTF_8);
    assertThatThrownBy(() -> Iso20022Statements.read(unknown))
        .isInstanceOf(StatementInvalidException.class);
  }

  @Test
  void anExternalEntityIsRefusedAndNeverRead(@TempDir Path dir) throws Exception {
    Path secret = Files.writeString(dir.resolve("secret.txt"), "TOP-SECRET");
    String xml =
        CamtFile.statement()
            .xml()
            .replace(
                "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n",
                "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<!DOCTYPE Document [<!ENTITY x SYSTEM \""
                    + secret.toUri()
                    + "\">]>\n")
            .replace("<MsgId>MSG-20261204</MsgId>", "<MsgId>&x;</MsgId>");

    assertThatThrownBy(() -> Iso20022Statements.read(xml.getBytes(StandardCharsets.UTF_8)))
        .isInstanceOf(StatementInvalidException.class)
        .hasMessageContaining("DOCTYPE")
        .hasMessageNotContaining("TOP-SECRET");
  }
}
