package dev.ewallet.ledger.domain.money;

import dev.ewallet.ledger.domain.error.CurrencyMismatchException;
import dev.ewallet.ledger.domain.error.InvalidRequestException;
import dev.ewallet.ledger.domain.error.MoneyOverflowException;
import java.math.BigDecimal;
import java.util.Objects;
import java.util.regex.Pattern;

/**
 * An amount of one currency in its minor unit (dong for VND, cents for USD). Arithmetic is exact: a
 * result outside the signed 64-bit range throws {@link MoneyOverflowException} instead of wrapping.
 */
public record Money(long amountMinor, CurrencyCode currency) {

  /** A decimal amount as bank messages write it: digits, at most one point, an optional sign. */
  private static final Pattern DECIMAL = Pattern.compile("-?[0-9]{1,30}(\\.[0-9]{1,30})?");

  public Money {
    Objects.requireNonNull(currency, "currency");
  }

  public static Money of(long amountMinor, CurrencyCode currency) {
    return new Money(amountMinor, currency);
  }

  public static Money zero(CurrencyCode currency) {
    return new Money(0, currency);
  }

  /**
   * The amount a decimal in the currency's major unit names, as ISO 20022 and CSV bank files write
   * amounts: {@code "1234.50"} EUR is 123450 cents, {@code "50000"} VND is 50000 dong. More decimal
   * places than the currency has (a fraction of a cent), anything but a plain decimal, or an amount
   * outside the signed 64-bit range is refused.
   */
  public static Money ofDecimal(String decimal, CurrencyCode currency) {
    if (decimal == null || !DECIMAL.matcher(decimal).matches()) {
      throw new InvalidRequestException("amount must be a decimal number, got " + decimal);
    }
    BigDecimal major = new BigDecimal(decimal).stripTrailingZeros();
    if (major.scale() > currency.minorUnits()) {
      throw new InvalidRequestException(
          "amount "
              + decimal
              + " has more decimal places than "
              + currency
              + "'s "
              + currency.minorUnits());
    }
    try {
      return new Money(major.movePointRight(currency.minorUnits()).longValueExact(), currency);
    } catch (ArithmeticException overflow) {
      throw new MoneyOverflowException("amount " + decimal + " " + currency + " is out of range");
    }
  }

  /**
   * The amount in the currency's major unit with exactly its number of decimal places: 123450 cents
   * is {@code "1234.50"}, 50000 dong {@code "50000"}. The inverse of {@link #ofDecimal}.
   */
  public BigDecimal toDecimal() {
    return BigDecimal.valueOf(amountMinor, currency.minorUnits());
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
