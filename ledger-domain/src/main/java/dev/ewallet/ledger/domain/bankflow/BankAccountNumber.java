package dev.ewallet.ledger.domain.bankflow;

import dev.ewallet.ledger.domain.error.InvalidRequestException;
import java.math.BigInteger;
import java.util.Locale;
import java.util.Objects;
import java.util.regex.Pattern;

/**
 * A bank account as payment files name it: an IBAN, checked by its ISO 13616 check digits, or a
 * local account number for banks and countries without IBANs. Spaces are dropped and letters upper
 * cased, so {@code "DE89 3704 0044 0532 0130 00"} and {@code "DE89370400440532013000"} are one
 * account.
 */
public record BankAccountNumber(String value, Scheme scheme) {

  /** How the number identifies the account. */
  public enum Scheme {
    IBAN,
    /** A bank's own account number (ISO 20022 {@code Othr/Id}). */
    LOCAL
  }

  private static final Pattern IBAN_SHAPE = Pattern.compile("[A-Z]{2}[0-9]{2}[A-Z0-9]{11,30}");
  private static final Pattern LOCAL_SHAPE = Pattern.compile("[A-Z0-9/\\-?:().,'+]{1,34}");
  private static final BigInteger NINETY_SEVEN = BigInteger.valueOf(97);

  public BankAccountNumber {
    Objects.requireNonNull(scheme, "scheme");
    if (value == null) {
      throw new InvalidRequestException("a bank account number is required");
    }
    Pattern shape = scheme == Scheme.IBAN ? IBAN_SHAPE : LOCAL_SHAPE;
    if (!shape.matcher(value).matches()) {
      throw new InvalidRequestException("not a valid " + scheme + " account number: " + value);
    }
    if (scheme == Scheme.IBAN && !checkDigitsHold(value)) {
      throw new InvalidRequestException("IBAN " + value + " fails its check digits");
    }
  }

  public static BankAccountNumber iban(String iban) {
    return new BankAccountNumber(normalised(iban), Scheme.IBAN);
  }

  public static BankAccountNumber local(String number) {
    return new BankAccountNumber(normalised(number), Scheme.LOCAL);
  }

  /**
   * A number given without its scheme, as a bank's export writes it: an IBAN when it has an IBAN's
   * shape (its check digits must then hold), a local account number otherwise.
   */
  public static BankAccountNumber of(String number) {
    String normalised = normalised(number);
    return normalised != null && IBAN_SHAPE.matcher(normalised).matches()
        ? new BankAccountNumber(normalised, Scheme.IBAN)
        : new BankAccountNumber(normalised, Scheme.LOCAL);
  }

  private static String normalised(String number) {
    return number == null ? null : number.replace(" ", "").toUpperCase(Locale.ROOT);
  }

  /** ISO 13616: the country and check digits moved to the end, letters as 10 to 35, mod 97 is 1. */
  private static boolean checkDigitsHold(String iban) {
    String rearranged = iban.substring(4) + iban.substring(0, 4);
    StringBuilder digits = new StringBuilder(rearranged.length() * 2);
    for (char c : rearranged.toCharArray()) {
      digits.append(Character.digit(c, 36));
    }
    return new BigInteger(digits.toString()).mod(NINETY_SEVEN).intValue() == 1;
  }

  @Override
  public String toString() {
    return value;
  }
}
