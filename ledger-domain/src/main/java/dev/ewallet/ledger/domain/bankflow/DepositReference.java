package dev.ewallet.ledger.domain.bankflow;

import dev.ewallet.ledger.domain.account.AccountId;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * A wallet's standing deposit reference: what its holder writes on a bank transfer to the ledger's
 * bank account so that the money is credited to that wallet without anyone announcing it first. It
 * is an ISO 11649 structured creditor reference, {@code RF}, two check digits, then {@code W} and
 * the account id ({@code RF24W1001} for account 1001): a bank that knows the format checks it as
 * the payer types it, and the ledger checks it again, so a mistyped reference (a digit changed, two
 * digits swapped) names no wallet instead of another one.
 *
 * <p>It is derived from the account id, so it never changes, needs no storage and is the same on
 * every instance.
 */
public record DepositReference(String value) {

  private static final String PREFIX = "RF";
  private static final char WALLET = 'W';
  private static final Pattern WORDS = Pattern.compile("[\\s,;:/()]+");

  public DepositReference {
    Objects.requireNonNull(value, "value");
    if (accountOf(value).isEmpty()
        || !value.equals(value.toUpperCase(Locale.ROOT))
        || value.contains(" ")) {
      throw new IllegalArgumentException("not a wallet's deposit reference: " + value);
    }
  }

  /** The deposit reference of the wallet with this id. */
  public static DepositReference of(AccountId wallet) {
    String body = WALLET + Long.toString(wallet.value());
    return new DepositReference(PREFIX + checkDigits(body) + body);
  }

  /**
   * The wallet a payer's text names: the whole text is its reference (the printed groups of four
   * may keep their spaces), or one word of it is. Nothing else is guessed at: a reference split by
   * spaces inside other text names no wallet, since joining the wrong pieces could name another.
   * Empty when it names none, or when a check digit is wrong.
   */
  public static Optional<AccountId> walletNamedIn(String text) {
    if (text == null) {
      return Optional.empty();
    }
    Optional<AccountId> whole = accountOf(text.strip());
    if (whole.isPresent()) {
      return whole;
    }
    return WORDS
        .splitAsStream(text)
        .map(DepositReference::accountOf)
        .flatMap(Optional::stream)
        .findFirst();
  }

  /** The wallet of a reference written alone, spaces allowed; empty unless it is valid. */
  private static Optional<AccountId> accountOf(String written) {
    String compact = written.replace(" ", "").toUpperCase(Locale.ROOT);
    if (compact.length() < 6
        || compact.length() > 25
        || !compact.startsWith(PREFIX)
        || compact.charAt(4) != WALLET
        || !compact.substring(2, 4).chars().allMatch(Character::isDigit)) {
      return Optional.empty();
    }
    String body = compact.substring(4);
    String digits = body.substring(1);
    if (digits.isEmpty()
        || digits.length() > 19
        || (digits.length() > 1 && digits.charAt(0) == '0')
        || !digits.chars().allMatch(Character::isDigit)
        || !compact.substring(2, 4).equals(checkDigits(body))) {
      return Optional.empty();
    }
    long id;
    try {
      id = Long.parseLong(digits);
    } catch (NumberFormatException tooLarge) {
      return Optional.empty();
    }
    return id < 1 ? Optional.empty() : Optional.of(AccountId.of(id));
  }

  /**
   * ISO 11649's check digits: the body followed by {@code RF00}, letters as 10 to 35, taken modulo
   * 97; the check digits are 98 less that remainder, so that the whole reference leaves 1.
   */
  static String checkDigits(String body) {
    int remainder = 0;
    for (char c : (body + PREFIX + "00").toCharArray()) {
      int value = Character.digit(c, 36);
      remainder = (value < 10 ? remainder * 10 : remainder * 100) + value;
      remainder %= 97;
    }
    int check = 98 - remainder;
    return check < 10 ? "0" + check : Integer.toString(check);
  }

  @Override
  public String toString() {
    return value;
  }
}
