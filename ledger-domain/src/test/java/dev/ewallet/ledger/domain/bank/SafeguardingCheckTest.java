package dev.ewallet.ledger.domain.bank;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ewallet.ledger.domain.bank.SafeguardingCheck.StatementRef;
import dev.ewallet.ledger.domain.bankflow.BankAccountNumber;
import dev.ewallet.ledger.domain.bankflow.BankParty;
import dev.ewallet.ledger.domain.error.CurrencyMismatchException;
import dev.ewallet.ledger.domain.error.MoneyOverflowException;
import dev.ewallet.ledger.domain.money.CurrencyCode;
import dev.ewallet.ledger.domain.money.Money;
import org.junit.jupiter.api.Test;

class SafeguardingCheckTest {

  private static final CurrencyCode EUR = CurrencyCode.of("EUR");
  private static final SafeguardingAccount ACCOUNT =
      new SafeguardingAccount(
          EUR, new BankParty("Wallet Ltd", BankAccountNumber.of("DE89370400440532013000"), null));
  private static final StatementRef STATEMENT = new StatementRef(1, "MSG-1", "STMT-1");

  private static Money eur(long minor) {
    return Money.of(minor, EUR);
  }

  /** The worked example of docs/bank-reconciliation.md. */
  @Test
  void theBankIsComparedWithWhatIsOwedPlusWhatTheLedgerMovedOnButTheBankHasNotYet() {
    SafeguardingCheck check =
        new SafeguardingCheck(
            EUR,
            ACCOUNT,
            STATEMENT,
            eur(1_050_000),
            eur(900_000),
            eur(50_000),
            eur(80_000),
            eur(30_000));

    assertThat(check.owedToCustomers()).isEqualTo(eur(950_000));
    assertThat(check.expectedAtBank()).isEqualTo(eur(1_060_000));
    assertThat(check.difference()).isEqualTo(eur(-10_000));
    assertThat(check.shortfall()).isTrue();
  }

  @Test
  void aBankHoldingMoreIsNoShortfall() {
    SafeguardingCheck check =
        new SafeguardingCheck(EUR, ACCOUNT, STATEMENT, eur(100), eur(90), eur(0), eur(0), eur(0));

    assertThat(check.difference()).isEqualTo(eur(10));
    assertThat(check.shortfall()).isFalse();
  }

  @Test
  void beforeTheFirstStatementThereIsNothingToCompareWith() {
    SafeguardingCheck check =
        new SafeguardingCheck(EUR, ACCOUNT, null, null, eur(90), eur(5), eur(1), eur(0));

    assertThat(check.expectedAtBank()).isEqualTo(eur(96));
    assertThat(check.difference()).isNull();
    assertThat(check.shortfall()).isFalse();
    assertThatThrownBy(() ->
            new SafeguardingCheck(EUR, ACCOUNT, STATEMENT, null, eur(0), eur(0), eur(0), eur(0)))
        .isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void termsInAnotherCurrencyOrBeyondALongAreRefused() {
    assertThatThrownBy(() ->
            new SafeguardingCheck(
                EUR,
                ACCOUNT,
                null,
                null,
                Money.of(1, CurrencyCode.of("USD")),
                eur(0),
                eur(0),
                eur(0)))
        .isInstanceOf(CurrencyMismatchException.class);
    SafeguardingCheck huge =
        new SafeguardingCheck(
            EUR, ACCOUNT, null, null, eur(Long.MAX_VALUE), eur(1), eur(0), eur(0));
    assertThatThrownBy(huge::owedToCustomers).isInstanceOf(MoneyOverflowException.class);
  }
}
