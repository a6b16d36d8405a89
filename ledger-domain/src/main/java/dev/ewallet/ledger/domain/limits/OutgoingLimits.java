package dev.ewallet.ledger.domain.limits;

import dev.ewallet.ledger.domain.money.CurrencyCode;
import java.util.Map;

/**
 * The default outgoing limits per currency: how much may leave one wallet per UTC day and per UTC
 * month, in minor units. A currency without one has no such limit unless a wallet's own says so.
 */
public record OutgoingLimits(Map<CurrencyCode, Long> dailyOut, Map<CurrencyCode, Long> monthlyOut) {

  public static final OutgoingLimits NONE = new OutgoingLimits(Map.of(), Map.of());

  public OutgoingLimits {
    dailyOut = Map.copyOf(dailyOut);
    monthlyOut = Map.copyOf(monthlyOut);
    if (dailyOut.values().stream().anyMatch(limit -> limit < 0)
        || monthlyOut.values().stream().anyMatch(limit -> limit < 0)) {
      throw new IllegalArgumentException("outgoing limits are never negative");
    }
  }

  /** The wallet's limits: its own where it has one, else its currency's default, else none. */
  public OutgoingAllowance allowance(CurrencyCode currency, OutgoingUsage usage) {
    return new OutgoingAllowance(
        usage.dailyOverride() != null ? usage.dailyOverride() : dailyOut.get(currency),
        usage.dailyUsed(),
        usage.monthlyOverride() != null ? usage.monthlyOverride() : monthlyOut.get(currency),
        usage.monthlyUsed());
  }
}
