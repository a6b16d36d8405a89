package dev.ewallet.ledger.domain.money;

import static dev.ewallet.ledger.domain.DomainValues.USD;
import static dev.ewallet.ledger.domain.DomainValues.vnd;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ewallet.ledger.domain.error.CurrencyMismatchException;
import dev.ewallet.ledger.domain.error.InvalidRequestException;
import dev.ewallet.ledger.domain.error.MoneyOverflowException;
import org.junit.jupiter.api.Test;

class MoneyTest {

  @Test
  void addsAndNegatesExactly() {
    assertThat(vnd(100_000).plus(vnd(-40_000))).isEqualTo(vnd(60_000));
    assertThat(vnd(5).negate()).isEqualTo(vnd(-5));
    assertThat(vnd(0).isZero()).isTrue();
    assertThat(vnd(-1).isNegative()).isTrue();
    assertThat(vnd(1).isPositive()).isTrue();
  }

  @Test
  void overflowIsAnErrorNeverAWrapAround() {
    assertThatThrownBy(() -> vnd(Long.MAX_VALUE).plus(vnd(1)))
        .isInstanceOf(MoneyOverflowException.class);
    assertThatThrownBy(() -> vnd(Long.MIN_VALUE).plus(vnd(-1)))
        .isInstanceOf(MoneyOverflowException.class);
    assertThatThrownBy(() -> vnd(Long.MIN_VALUE).negate())
        .isInstanceOf(MoneyOverflowException.class);
  }

  @Test
  void amountsOfDifferentCurrenciesDoNotAdd() {
    assertThatThrownBy(() -> vnd(1).plus(Money.of(1, USD)))
        .isInstanceOf(CurrencyMismatchException.class)
        .hasMessageContaining("USD");
  }

  @Test
  void currencyCodesAreIsoCodesWithMinorUnits() {
    assertThat(CurrencyCode.of("VND").minorUnits()).isZero();
    assertThat(CurrencyCode.of("USD").minorUnits()).isEqualTo(2);
    assertThatThrownBy(() -> CurrencyCode.of("vnd")).isInstanceOf(InvalidRequestException.class);
    assertThatThrownBy(() -> CurrencyCode.of("ZZZ")).isInstanceOf(InvalidRequestException.class);
    assertThatThrownBy(() -> CurrencyCode.of("XXX"))
        .isInstanceOf(InvalidRequestException.class)
        .hasMessageContaining("not an ISO 4217 money currency");
    assertThatThrownBy(() -> CurrencyCode.of(null)).isInstanceOf(InvalidRequestException.class);
  }

  @Test
  void decimalsOfTheMajorUnitConvertExactlyBothWays() {
    assertThat(Money.ofDecimal("1234.50", USD)).isEqualTo(Money.of(123_450, USD));
    assertThat(Money.ofDecimal("1234.5", USD)).isEqualTo(Money.of(123_450, USD));
    assertThat(Money.ofDecimal("7", USD)).isEqualTo(Money.of(700, USD));
    assertThat(Money.ofDecimal("-0.01", USD)).isEqualTo(Money.of(-1, USD));
    assertThat(Money.ofDecimal("50000", CurrencyCode.of("VND"))).isEqualTo(vnd(50_000));
    assertThat(Money.ofDecimal("50000.000", CurrencyCode.of("VND"))).isEqualTo(vnd(50_000));
    assertThat(Money.of(123_450, USD).toDecimal().toPlainString()).isEqualTo("1234.50");
    assertThat(Money.of(-1, USD).toDecimal().toPlainString()).isEqualTo("-0.01");
    assertThat(vnd(50_000).toDecimal().toPlainString()).isEqualTo("50000");
  }

  @Test
  void aDecimalThatIsNoAmountOfTheCurrencyIsRefused() {
    assertThatThrownBy(() -> Money.ofDecimal("0.001", USD))
        .isInstanceOf(InvalidRequestException.class)
        .hasMessageContaining("more decimal places than USD's 2");
    assertThatThrownBy(() -> Money.ofDecimal("0.5", CurrencyCode.of("VND")))
        .isInstanceOf(InvalidRequestException.class);
    for (String malformed : new String[] {null, "", "1e3", "1,50", " 1", "+1", ".5", "1."}) {
      assertThatThrownBy(() -> Money.ofDecimal(malformed, USD))
          .isInstanceOf(InvalidRequestException.class);
    }
    assertThatThrownBy(() -> Money.ofDecimal("92233720368547758.08", USD))
        .isInstanceOf(MoneyOverflowException.class);
  }
}
