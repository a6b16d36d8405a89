package dev.ewallet.ledger;

import dev.ewallet.ledger.application.LedgerLimits;
import dev.ewallet.ledger.domain.limits.AmountLimits;
import dev.ewallet.ledger.domain.limits.FeeRule;
import dev.ewallet.ledger.domain.limits.FeeSchedule;
import dev.ewallet.ledger.domain.limits.OutgoingLimits;
import dev.ewallet.ledger.domain.money.CurrencyCode;
import dev.ewallet.ledger.domain.movement.ClosedWalletCredits;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * Bounds on what one user or one request may do, and what a transfer pays: {@code
 * ledger.limits.<CURRENCY>.max-amount} (the most one deposit, transfer, withdrawal or hold may
 * move; 10^15 minor units unless set), {@code ledger.accounts.max-per-user} (20), {@code
 * ledger.accounts.closed-credits} ({@code SUSPENSE} or {@code REFUSE}), {@code
 * ledger.limits.<CURRENCY>.daily-out} and {@code .monthly-out} (none unless set), {@code
 * ledger.fees.<CURRENCY>.basis-points}, {@code .fixed}, {@code .min}, {@code .max} (no fee unless
 * set; a currency with any of them set charges one, the others 0 and no cap).
 */
@ConfigurationProperties("ledger")
record LimitsProperties(
    Map<String, CurrencyLimits> limits, @DefaultValue Accounts accounts, Map<String, Fee> fees) {

  /**
   * A currency's limits; unset ones take the defaults (the amount: 10^15; outgoing per wallet per
   * UTC day and month: none).
   */
  record CurrencyLimits(Long maxAmount, Long dailyOut, Long monthlyOut) {}

  /** A currency's transfer fee, in basis points of the amount and minor units. */
  record Fee(Integer basisPoints, Long fixed, Long min, Long max) {

    FeeRule rule() {
      return new FeeRule(
          basisPoints == null ? 0 : basisPoints,
          fixed == null ? 0 : fixed,
          min == null ? 0 : min,
          max);
    }
  }

  /**
   * @param closedCredits what becomes of money arriving for a closed wallet: kept in its currency's
   *     suspense account until an operator reopens it ({@code SUSPENSE}), or refused ({@code
   *     REFUSE})
   */
  record Accounts(
      @DefaultValue("20") int maxPerUser,
      @DefaultValue("SUSPENSE") ClosedWalletCredits closedCredits) {}

  LedgerLimits ledgerLimits() {
    Map<CurrencyCode, Long> maxima = new HashMap<>();
    Map<CurrencyCode, Long> dailyOut = new HashMap<>();
    Map<CurrencyCode, Long> monthlyOut = new HashMap<>();
    if (limits != null) {
      limits.forEach((currency, limit) -> {
        CurrencyCode code = CurrencyCode.of(currency.toUpperCase(Locale.ROOT));
        if (limit.maxAmount() != null) {
          maxima.put(code, limit.maxAmount());
        }
        if (limit.dailyOut() != null) {
          dailyOut.put(code, limit.dailyOut());
        }
        if (limit.monthlyOut() != null) {
          monthlyOut.put(code, limit.monthlyOut());
        }
      });
    }
    Map<CurrencyCode, FeeRule> rules = new HashMap<>();
    if (fees != null) {
      fees.forEach((currency, fee) ->
          rules.put(CurrencyCode.of(currency.toUpperCase(Locale.ROOT)), fee.rule()));
    }
    return new LedgerLimits(
        accounts.maxPerUser(),
        new AmountLimits(AmountLimits.DEFAULT_MAX_MINOR, maxima),
        new FeeSchedule(rules),
        new OutgoingLimits(dailyOut, monthlyOut),
        accounts.closedCredits());
  }
}
