package dev.ewallet.ledger.adapter.bankiso20022;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ewallet.ledger.domain.bank.BankStatement;
import dev.ewallet.ledger.domain.bank.CreditDebit;
import dev.ewallet.ledger.domain.bank.StatementKind;
import dev.ewallet.ledger.domain.bank.StatementLine;
import dev.ewallet.ledger.domain.bankflow.BankAccountNumber;
import dev.ewallet.ledger.domain.error.StatementInvalidException;
import dev.ewallet.ledger.domain.money.CurrencyCode;
import dev.ewallet.ledger.domain.money.Money;
import java.nio.charset.StandardCharsets;
import java.time.LocalDate;
import java.util.List;
import org.junit.jupiter.api.Test;

class CsvStatementsTest {

  private static final CurrencyCode VND = CurrencyCode.of("VND");
  private static final String PAYOUT = "0193a1f27c4e7a109b2c3d4e5f607182";

  private static byte[] file(String statementRow, String... lines) {
    return text(statementRow, lines).getBytes(StandardCharsets.UTF_8);
  }

  private static String text(String statementRow, String... lines) {
    return "\uFEFF"
        + statementRow
        + "\r\n"
        + CsvStatements.HEADER
        + "\r\n"
        + String.join("\r\n", lines)
        + "\r\n\r\n";
  }

  @Test
  void anEndOfDayStatementGivesItsBalancesAndOneLinePerRow() {
    byte[] file =
        file(
            "statement,MSG-7,STMT-7,0071000123456,VND,1000000,1160000",
            "2026-12-04,,DEBIT,50000," + PAYOUT + ",,BANK-1,,",
            "2026-12-04,2026-12-05,CREDIT,200000,NOTPROVIDED,\"DEP-7, \"\"Alice\"\"\",BANK-2,false,",
            "2026-12-04,,CREDIT,10000,AB12,,,true,AC04");

    List<BankStatement> statements = CsvStatements.read(file);

    assertThat(statements).hasSize(1);
    BankStatement statement = statements.getFirst();
    assertThat(statement.kind()).isEqualTo(StatementKind.END_OF_DAY);
    assertThat(statement.messageId()).isEqualTo("MSG-7");
    assertThat(statement.account()).isEqualTo(BankAccountNumber.local("0071000123456"));
    assertThat(statement.openingBalance()).isEqualTo(Money.of(1_000_000, VND));
    assertThat(statement.closingBalance()).isEqualTo(Money.of(1_160_000, VND));
    LocalDate day = LocalDate.parse("2026-12-04");
    assertThat(statement.lines())
        .containsExactly(
            new StatementLine(
                1,
                "BANK-1",
                CreditDebit.DEBIT,
                Money.of(50_000, VND),
                day,
                day,
                PAYOUT,
                null,
                false,
                null),
            new StatementLine(
                2,
                "BANK-2",
                CreditDebit.CREDIT,
                Money.of(200_000, VND),
                day,
                day.plusDays(1),
                null,
                "DEP-7, \"Alice\"",
                false,
                null),
            new StatementLine(
                3,
                null,
                CreditDebit.CREDIT,
                Money.of(10_000, VND),
                day,
                day,
                "AB12",
                null,
                true,
                "AC04"));
  }

  @Test
  void aStatementWithoutBalancesIsANotificationAndAnIbanShapedAccountAnIban() {
    byte[] file =
        file(
            "statement,MSG-8,NTF-8,DE89 3704 0044 0532 0130 00,EUR,,",
            "2026-12-04,,CREDIT,12.34,,DEP-9,,,");

    BankStatement statement = CsvStatements.read(file).getFirst();

    assertThat(statement.kind()).isEqualTo(StatementKind.NOTIFICATION);
    assertThat(statement.account()).isEqualTo(BankAccountNumber.iban("DE89370400440532013000"));
    assertThat(statement.openingBalance()).isNull();
    assertThat(statement.lines().getFirst().amount())
        .isEqualTo(Money.of(1_234, CurrencyCode.of("EUR")));
  }

  @Test
  void everyRefusalNamesTheLineOfTheFile() {
    String statement = "statement,MSG-1,STMT-1,0071000123456,VND,0,100";
    assertThatThrownBy(() -> CsvStatements.read(file(statement, "2026-12-04,,SIDEWAYS,100,,,,,")))
        .isInstanceOf(StatementInvalidException.class)
        .hasMessage("CSV line 3: direction must be CREDIT or DEBIT, got SIDEWAYS");
    assertThatThrownBy(() -> CsvStatements.read(file(statement, "2026-12-04,,CREDIT,100.5,,,,,")))
        .hasMessageStartingWith("CSV line 3: amount 100.5 has more decimal places");
    assertThatThrownBy(() -> CsvStatements.read(file(statement, "04/12/2026,,CREDIT,100,,,,,")))
        .hasMessageStartingWith("CSV line 3: booking_date must be a date");
    assertThatThrownBy(() -> CsvStatements.read(file(statement, "2026-12-04,,CREDIT,100,,,")))
        .hasMessage("CSV line 3: 7 fields, where the header has 9");
    assertThatThrownBy(
            () -> CsvStatements.read(file(statement, "2026-12-04,,CREDIT,100,,\"DEP-7,,,,")))
        .hasMessage("CSV line 3: a quoted field does not end on its line");
    assertThatThrownBy(() ->
            CsvStatements.read(
                file(statement, "2026-12-04,,CREDIT,100," + "X".repeat(36) + ",,,,")))
        .hasMessage("CSV line 3: the end_to_end_id has 36 characters; at most 35");
    assertThatThrownBy(() ->
            CsvStatements.read(
                file("statement,MSG-1,STMT-1,0071000123456,VND,0,", "2026-12-04,,CREDIT,1,,,,,")))
        .hasMessageStartingWith("CSV line 1: give both balances");
    assertThatThrownBy(() ->
            CsvStatements.read(
                ("statement,MSG-1,STMT-1,0071000123456,VND,0,100\ndate,amount\n")
                    .getBytes(StandardCharsets.UTF_8)))
        .hasMessageStartingWith("CSV line 2: expected the header");
  }

  @Test
  void aStatementWhoseRowsDoNotAddUpIsRefused() {
    byte[] file =
        file("statement,MSG-1,STMT-1,0071000123456,VND,0,100", "2026-12-04,,CREDIT,99,,,,,");

    assertThatThrownBy(() -> CsvStatements.read(file))
        .isInstanceOf(StatementInvalidException.class);
  }

  @Test
  void aFileThatIsNotUtf8TextIsRefused() {
    byte[] asLatin1 =
        text(
                "statement,MSG-1,STMT-1,0071000123456,VND,0,100",
                "2026-12-04,,CREDIT,100,,Zahlung f\u00fcr DEP-7,,,")
            .getBytes(StandardCharsets.ISO_8859_1);

    assertThatThrownBy(() -> CsvStatements.read(asLatin1))
        .isInstanceOf(StatementInvalidException.class)
        .hasMessage("a CSV statement must be UTF-8 text");
  }
}
