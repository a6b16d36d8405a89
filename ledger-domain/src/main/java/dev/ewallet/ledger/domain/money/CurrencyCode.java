package dev.ewallet.ledger.domain.money;

import dev.ewallet.ledger.domain.error.InvalidRequestException;
import java.util.Currency;
import java.util.regex.Pattern;

/**
 * An ISO 4217 currency code such as {@code VND}. Only currencies with a fixed number of minor units
 * are accepted, because every amount in the ledger is an integer count of that minor unit.
 */
public record CurrencyCode(String value) {

  private static final Pattern SHAPE = Pattern.compile("[A-Z]{3}");

  public CurrencyCode {
    if (value == null || !SHAPE.matcher(value).matches()) {
      throw new InvalidRequestException("currency must be three upper-case letters, got " + value);
    }
    if (minorUnitsOf(value) < 0) {
      throw new InvalidRequestException("currency " + value + " is not an ISO 4217 money currency");
    }
  }

  public static CurrencyCode of(String value) {
    return new CurrencyCode(value);
  }

  /** How many decimal places the minor unit has: 0 for VND, 2 for USD. */
  public int minorUnits() {
    return minorUnitsOf(value);
  }

  private static int minorUnitsOf(String code) {
    try {
      return Currency.getInstance(code).getDefaultFractionDigits();
    } catch (IllegalArgumentException unknown) {
      return -1;
    }
  }

  @Override
  public String toString() {
    return value;
  }
}
