package dev.ewallet.ledger.domain.bank;

import dev.ewallet.ledger.domain.bankflow.BankAccountNumber;
import dev.ewallet.ledger.domain.error.CurrencyMismatchException;
import dev.ewallet.ledger.domain.error.InvalidRequestException;
import dev.ewallet.ledger.domain.error.StatementInvalidException;
import dev.ewallet.ledger.domain.money.CurrencyCode;
import dev.ewallet.ledger.domain.money.Money;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;
import java.util.Objects;

/**
 * What a bank reported about one of the ledger's bank accounts in one file: an end-of-day statement
 * with its opening and closing balances, or a notification of bookings without balances. A
 * statement is known by its message id and statement id, which is how importing it twice is
 * recognised. An end-of-day statement whose lines do not lead from the opening to the closing
 * balance is refused: the file is incomplete or altered.
 *
 * @param openingBalance the balance before the lines (negative when overdrawn); {@code null} in a
 *     notification
 * @param closingBalance the booked balance after them; {@code null} in a notification
 */
public record BankStatement(
    String messageId,
    String statementId,
    StatementKind kind,
    BankAccountNumber account,
    CurrencyCode currency,
    Money openingBalance,
    Money closingBalance,
    List<StatementLine> lines) {

  public BankStatement {
    requireId("message id", messageId);
    requireId("statement id", statementId);
    Objects.requireNonNull(kind, "kind");
    Objects.requireNonNull(account, "account");
    Objects.requireNonNull(currency, "currency");
    lines = List.copyOf(lines);
    for (StatementLine line : lines) {
      requireCurrency(line.amount(), currency);
    }
    if (kind == StatementKind.END_OF_DAY) {
      if (openingBalance == null || closingBalance == null) {
        throw new InvalidRequestException(
            "end-of-day statement " + statementId + " needs an opening and a closing balance");
      }
      requireCurrency(openingBalance, currency);
      requireCurrency(closingBalance, currency);
      Money expected = openingBalance;
      for (StatementLine line : lines) {
        expected = expected.plus(line.signedAmount());
      }
      if (!expected.equals(closingBalance)) {
        throw new StatementInvalidException(
            "statement "
                + statementId
                + ": the opening balance and the lines come to "
                + expected
                + ", the closing balance says "
                + closingBalance);
      }
    } else if (openingBalance != null || closingBalance != null) {
      throw new IllegalArgumentException("a notification carries no balances");
    }
  }

  /**
   * A digest of everything the statement says (SHA-256, hexadecimal): the same statement read again
   * has the same fingerprint, one with any id, balance or line changed another.
   */
  public String fingerprint() {
    StringBuilder text = new StringBuilder();
    text.append(messageId).append('|').append(statementId).append('|').append(kind);
    text.append('|').append(account.scheme()).append(':').append(account.value());
    text.append('|').append(currency);
    text.append('|').append(openingBalance == null ? "" : openingBalance.amountMinor());
    text.append('|').append(closingBalance == null ? "" : closingBalance.amountMinor());
    for (StatementLine line : lines) {
      text.append('\n')
          .append(
              String.join(
                  "|",
                  String.valueOf(line.number()),
                  String.valueOf(line.bankReference()),
                  line.direction().name(),
                  String.valueOf(line.amount().amountMinor()),
                  line.bookingDate().toString(),
                  line.valueDate().toString(),
                  String.valueOf(line.endToEndId()),
                  String.valueOf(line.remittance()),
                  String.valueOf(line.returned()),
                  String.valueOf(line.returnReason())));
    }
    try {
      return HexFormat.of()
          .formatHex(
              MessageDigest.getInstance("SHA-256")
                  .digest(text.toString().getBytes(StandardCharsets.UTF_8)));
    } catch (NoSuchAlgorithmException impossible) {
      throw new IllegalStateException(impossible);
    }
  }

  private static void requireId(String name, String value) {
    if (value == null || value.isBlank() || value.length() > 35) {
      throw new InvalidRequestException("a statement's " + name + " must be 1 to 35 characters");
    }
  }

  private static void requireCurrency(Money amount, CurrencyCode currency) {
    if (!amount.currency().equals(currency)) {
      throw new CurrencyMismatchException(currency.value(), amount.currency().value());
    }
  }
}
