package dev.ewallet.ledger.domain.money;

import dev.ewallet.ledger.domain.error.CurrencyMismatchException;
import dev.ewallet.ledger.domain.error.MoneyOverflowException;
import java.util.Objects;

/**
 * An amount of one currency in its minor unit (dong for VND, cents for USD). Arithmetic is exact: a
 * result outside the signed 64-bit range throws {@link MoneyOverflowException} instead of wrapping.
 */
public record Money(long amountMinor, CurrencyCode currency) {

  public Money {
    Objects.requireNonNull(currency, "currency");
  }

  public static Money of(long amountMinor, CurrencyCode currency) {
    return new Money(amountMinor, currency);
  }

  public static Money zero(CurrencyCode currency) {
    return new Money(0, currency);
  }

  public Money plus(Money other) {
    requireSameCurrency(other);
    try {
      return new Money(Math.addExact(amountMinor, other.amountMinor), currency);
    } catch (ArithmeticException overflow) {
      throw new MoneyOverflowException(
          amountMinor + " + " + other.amountMinor + " " + currency + " overflows");
    }
  }

  public Money negate() {
    try {
      return new Money(Math.negateExact(amountMinor), currency);
    } catch (ArithmeticException overflow) {
      throw new MoneyOverflowException("-(" + amountMinor + ") " + currency + " overflows");
    }
  }

  public boolean isZero() {
    return amountMinor == 0;
  }

  public boolean isNegative() {
    return amountMinor < 0;
  }

  public boolean isPositive() {
    return amountMinor > 0;
  }

  /** Throws {@link CurrencyMismatchException} when {@code other} is of another currency. */
  public void requireSameCurrency(Money other) {
    if (!currency.equals(other.currency)) {
      throw new CurrencyMismatchException(currency.value(), other.currency.value());
    }
  }

  @Override
  public String toString() {
    return amountMinor + " " + currency;
  }
}
