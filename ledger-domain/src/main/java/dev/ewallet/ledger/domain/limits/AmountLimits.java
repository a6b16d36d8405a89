package dev.ewallet.ledger.domain.limits;

import dev.ewallet.ledger.domain.error.AmountLimitExceededException;
import dev.ewallet.ledger.domain.money.CurrencyCode;
import dev.ewallet.ledger.domain.money.Money;
import java.util.Map;
import java.util.Objects;

/**
 * The largest amount one deposit, transfer, withdrawal or hold may move, per currency. It bounds
 * the damage of a typo or a compromised client, and keeps every sum the ledger computes far from
 * the 64-bit limit.
 *
 * @param defaultMaxMinor the maximum for a currency not listed, in minor units
 * @param maxMinorByCurrency maxima that differ from the default
 */
public record AmountLimits(long defaultMaxMinor, Map<CurrencyCode, Long> maxMinorByCurrency) {

  /** 10^15 minor units: a quadrillion dong, ten trillion dollars. */
  public static final long DEFAULT_MAX_MINOR = 1_000_000_000_000_000L;

  public static final AmountLimits DEFAULT = new AmountLimits(DEFAULT_MAX_MINOR, Map.of());

  public AmountLimits {
    maxMinorByCurrency = Map.copyOf(maxMinorByCurrency);
    if (defaultMaxMinor < 1 || maxMinorByCurrency.values().stream().anyMatch(max -> max < 1)) {
      throw new IllegalArgumentException("amount limits must be positive");
    }
  }

  /** The most one transaction may move in {@code currency}. */
  public long maxMinor(CurrencyCode currency) {
    return maxMinorByCurrency.getOrDefault(Objects.requireNonNull(currency), defaultMaxMinor);
  }

  /**
   * @throws AmountLimitExceededException when {@code amount} is above its currency's maximum
   */
  public void requireWithin(Money amount) {
    long max = maxMinor(amount.currency());
    if (amount.amountMinor() > max) {
      throw new AmountLimitExceededException(amount.currency().value(), max);
    }
  }
}
