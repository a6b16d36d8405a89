package dev.ewallet.ledger;

import dev.ewallet.ledger.application.LedgerLimits;
import dev.ewallet.ledger.domain.limits.AmountLimits;
import dev.ewallet.ledger.domain.money.CurrencyCode;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * Bounds on what one user or one request may do: {@code ledger.limits.<CURRENCY>.max-amount} (the
 * most one deposit, transfer, withdrawal or hold may move; 10^15 minor units unless set) and {@code
 * ledger.accounts.max-per-user} (20).
 */
@ConfigurationProperties("ledger")
record LimitsProperties(Map<String, CurrencyLimits> limits, @DefaultValue Accounts accounts) {

  /** A currency's limits; unset ones take the defaults. */
  record CurrencyLimits(Long maxAmount) {}

  record Accounts(@DefaultValue("20") int maxPerUser) {}

  LedgerLimits ledgerLimits() {
    Map<CurrencyCode, Long> maxima = new HashMap<>();
    if (limits != null) {
      limits.forEach((currency, limit) -> {
        if (limit.maxAmount() != null) {
          maxima.put(CurrencyCode.of(currency.toUpperCase(Locale.ROOT)), limit.maxAmount());
        }
      });
    }
    return new LedgerLimits(
        accounts.maxPerUser(), new AmountLimits(AmountLimits.DEFAULT_MAX_MINOR, maxima));
  }
}
