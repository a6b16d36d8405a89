package dev.ewallet.ledger.domain.limits;

import dev.ewallet.ledger.domain.money.Money;

/**
 * What a transfer pays in its currency: {@code fixed} plus {@code basisPoints} ten-thousandths of
 * the amount, at least {@code min} and at most {@code max}, in minor units. The proportional part
 * is rounded half up to a whole minor unit (0.5 dong is charged as 1, 0.49 as 0), computed exactly
 * in integers: the amount is split into whole ten-thousands and the rest, so no product leaves 64
 * bits for any amount the ledger moves.
 *
 * @param max {@code null} for no cap
 */
public record FeeRule(int basisPoints, long fixed, long min, Long max) {

  private static final long BASIS = 10_000;

  public FeeRule {
    if (basisPoints < 0 || basisPoints > BASIS) {
      throw new IllegalArgumentException("basis points must be 0 to 10,000, got " + basisPoints);
    }
    if (fixed < 0 || min < 0 || (max != null && max < min)) {
      throw new IllegalArgumentException(
          "fixed and min must not be negative, nor max below min: " + this);
    }
  }

  /**
   * The fee on {@code amount}, in its currency.
   *
   * @param amount positive
   */
  public Money feeFor(Money amount) {
    if (!amount.isPositive()) {
      throw new IllegalArgumentException("a fee is charged on a positive amount, not " + amount);
    }
    long whole = amount.amountMinor() / BASIS;
    long rest = amount.amountMinor() % BASIS;
    long proportional = whole * basisPoints + (rest * basisPoints + BASIS / 2) / BASIS;
    long fee =
        Math.max(
            min,
            Money.of(fixed, amount.currency())
                .plus(Money.of(proportional, amount.currency()))
                .amountMinor());
    return Money.of(max == null ? fee : Math.min(fee, max), amount.currency());
  }
}
