package dev.ewallet.ledger.domain.bank;

import dev.ewallet.ledger.domain.bankflow.BankParty;
import dev.ewallet.ledger.domain.journal.TransactionId;
import dev.ewallet.ledger.domain.money.Money;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;
import java.util.UUID;
import java.util.regex.Pattern;

/**
 * One withdrawal as a payment instruction to the bank. Its end-to-end id, which the bank carries
 * through to its statements, is the withdrawal's id as 32 hexadecimal digits: ISO 20022 allows 35
 * characters, and a UUID with its dashes has 36.
 */
public record Payout(TransactionId withdrawalId, Money amount, BankParty payee) {

  private static final Pattern END_TO_END = Pattern.compile("[0-9a-fA-F]{32}");

  public Payout {
    Objects.requireNonNull(withdrawalId, "withdrawalId");
    Objects.requireNonNull(amount, "amount");
    Objects.requireNonNull(payee, "payee");
    if (!amount.isPositive()) {
      throw new IllegalArgumentException("payout of " + amount);
    }
  }

  public String endToEndId() {
    return endToEndIdOf(withdrawalId);
  }

  /** The end-to-end id a payout of this withdrawal carries. */
  public static String endToEndIdOf(TransactionId withdrawalId) {
    return withdrawalId.toString().replace("-", "");
  }

  /** The withdrawal an end-to-end id names, if it has the shape {@link #endToEndId} gives. */
  public static Optional<TransactionId> withdrawalOf(String endToEndId) {
    if (endToEndId == null || !END_TO_END.matcher(endToEndId).matches()) {
      return Optional.empty();
    }
    String hex = endToEndId.toLowerCase(Locale.ROOT);
    return Optional.of(
        TransactionId.of(
            new UUID(
                Long.parseUnsignedLong(hex.substring(0, 16), 16),
                Long.parseUnsignedLong(hex.substring(16), 16))));
  }
}
