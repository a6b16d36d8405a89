package dev.ewallet.ledger.application;

/**
 * The per-user budgets, in requests per second.
 *
 * @param moneyMovementPerSecond for POSTs that move money; at least 1
 * @param readsPerSecond for everything else; 0 means reads are not limited
 * @param operatorsExempt whether operators and back-office systems bypass the limits
 */
public record RateLimits(int moneyMovementPerSecond, int readsPerSecond, boolean operatorsExempt) {

  public RateLimits {
    if (moneyMovementPerSecond < 1) {
      throw new IllegalArgumentException("the money-movement limit must be at least 1 per second");
    }
    if (readsPerSecond < 0) {
      throw new IllegalArgumentException("the read limit must not be negative (0 = unlimited)");
    }
  }
}
