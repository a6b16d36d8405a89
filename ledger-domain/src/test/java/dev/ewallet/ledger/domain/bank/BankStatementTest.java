package dev.ewallet.ledger.domain.bank;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ewallet.ledger.domain.bankflow.BankAccountNumber;
import dev.ewallet.ledger.domain.error.CurrencyMismatchException;
import dev.ewallet.ledger.domain.error.InvalidRequestException;
import dev.ewallet.ledger.domain.error.StatementInvalidException;
import dev.ewallet.ledger.domain.money.CurrencyCode;
import dev.ewallet.ledger.domain.money.Money;
import java.time.LocalDate;
import java.util.List;
import org.junit.jupiter.api.Test;

class BankStatementTest {

  private static final CurrencyCode EUR = CurrencyCode.of("EUR");
  private static final BankAccountNumber ACCOUNT = BankAccountNumber.iban("DE89370400440532013000");
  private static final LocalDate DAY = LocalDate.parse("2026-12-04");

  private static StatementLine line(int number, CreditDebit direction, long cents) {
    return new StatementLine(
        number, null, direction, Money.of(cents, EUR), DAY, DAY, null, null, false, null);
  }

  private static BankStatement endOfDay(long opening, long closing, StatementLine... lines) {
    return new BankStatement(
        "MSG-1",
        "STMT-1",
        StatementKind.END_OF_DAY,
        ACCOUNT,
        EUR,
        Money.of(opening, EUR),
        Money.of(closing, EUR),
        List.of(lines));
  }

  @Test
  void anEndOfDayStatementLeadsFromItsOpeningToItsClosingBalance() {
    BankStatement statement =
        endOfDay(
            10_000, 12_500, line(1, CreditDebit.CREDIT, 5_000), line(2, CreditDebit.DEBIT, 2_500));

    assertThat(statement.lines())
        .extracting(StatementLine::signedAmount)
        .containsExactly(Money.of(5_000, EUR), Money.of(-2_500, EUR));
  }

  @Test
  void anOverdrawnAccountHasANegativeBalance() {
    assertThat(endOfDay(1_000, -500, line(1, CreditDebit.DEBIT, 1_500)).closingBalance())
        .isEqualTo(Money.of(-500, EUR));
  }

  @Test
  void aStatementWhoseLinesDoNotAddUpIsRefused() {
    assertThatThrownBy(() -> endOfDay(10_000, 12_501, line(1, CreditDebit.CREDIT, 2_500)))
        .isInstanceOf(StatementInvalidException.class)
        .hasMessageContaining("STMT-1")
        .hasMessageContaining("12500 EUR")
        .hasMessageContaining("12501 EUR");
  }

  @Test
  void aLineOrBalanceInAnotherCurrencyIsRefused() {
    StatementLine dollars =
        new StatementLine(
            1,
            null,
            CreditDebit.CREDIT,
            Money.of(1, CurrencyCode.of("USD")),
            DAY,
            DAY,
            null,
            null,
            false,
            null);
    assertThatThrownBy(() -> endOfDay(0, 1, dollars)).isInstanceOf(CurrencyMismatchException.class);
  }

  @Test
  void anEndOfDayStatementNeedsBothBalancesAndANotificationHasNone() {
    assertThatThrownBy(() ->
            new BankStatement(
                "M", "S", StatementKind.END_OF_DAY, ACCOUNT, EUR, null, null, List.of()))
        .isInstanceOf(InvalidRequestException.class);
    BankStatement notification =
        new BankStatement(
            "M",
            "S",
            StatementKind.NOTIFICATION,
            ACCOUNT,
            EUR,
            null,
            null,
            List.of(line(1, CreditDebit.CREDIT, 7)));
    assertThat(notification.lines()).hasSize(1);
  }

  @Test
  void idsAreOneTo35Characters() {
    assertThatThrownBy(() ->
            new BankStatement(
                " ", "S", StatementKind.NOTIFICATION, ACCOUNT, EUR, null, null, List.of()))
        .isInstanceOf(InvalidRequestException.class);
    assertThatThrownBy(() ->
            new BankStatement(
                "M",
                "S".repeat(36),
                StatementKind.NOTIFICATION,
                ACCOUNT,
                EUR,
                null,
                null,
                List.of()))
        .isInstanceOf(InvalidRequestException.class);
  }

  @Test
  void aLineMovesAPositiveAmount() {
    assertThatThrownBy(() -> line(1, CreditDebit.CREDIT, 0))
        .isInstanceOf(InvalidRequestException.class);
  }

  @Test
  void theFingerprintIsTheSameForTheSameStatementAndChangesWithAnyLine() {
    BankStatement statement = endOfDay(0, 500, line(1, CreditDebit.CREDIT, 500));

    assertThat(statement.fingerprint())
        .hasSize(64)
        .isEqualTo(endOfDay(0, 500, line(1, CreditDebit.CREDIT, 500)).fingerprint())
        .isNotEqualTo(endOfDay(0, -500, line(1, CreditDebit.DEBIT, 500)).fingerprint())
        .isNotEqualTo(endOfDay(1, 501, line(1, CreditDebit.CREDIT, 500)).fingerprint());
  }

  @Test
  void aLineKeepsTheFirstFiveHundredCharactersOfItsRemittanceText() {
    String text = "DEP-7 " + "x".repeat(600);

    StatementLine line =
        new StatementLine(
            1, null, CreditDebit.CREDIT, Money.of(1, EUR), DAY, DAY, null, text, false, null);

    assertThat(line.remittance())
        .hasSize(StatementLine.MAX_REMITTANCE)
        .isEqualTo(text.substring(0, StatementLine.MAX_REMITTANCE));
  }
}
