package dev.ewallet.ledger.domain.limits;

/**
 * A wallet's outgoing limits as an operator set them and what has left it in the current UTC day
 * and month, as stored.
 *
 * @param dailyOverride the wallet's own daily limit, or {@code null} for its currency's default
 * @param monthlyOverride the wallet's own monthly limit, or {@code null} for its currency's default
 */
public record OutgoingUsage(
    Long dailyOverride, Long monthlyOverride, long dailyUsed, long monthlyUsed) {

  /** A wallet without limits of its own, from which nothing has left in the windows. */
  public static final OutgoingUsage NONE = new OutgoingUsage(null, null, 0, 0);

  public OutgoingUsage {
    if (dailyUsed < 0 || monthlyUsed < 0) {
      throw new IllegalStateException("outgoing usage is never negative");
    }
  }
}
