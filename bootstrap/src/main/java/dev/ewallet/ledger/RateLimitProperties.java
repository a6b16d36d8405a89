package dev.ewallet.ledger;

import dev.ewallet.ledger.application.RateLimits;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * Per-user budgets ({@code ledger.rate-limit.*}).
 *
 * @param perUserPerSecond money-moving POSTs per user per second (the seed's 10)
 * @param readsPerUserPerSecond other requests per user per second; 0 leaves them unlimited
 * @param operatorsExempt whether operators and back-office systems bypass the budgets
 */
@ConfigurationProperties("ledger.rate-limit")
record RateLimitProperties(
    @DefaultValue("10") int perUserPerSecond,
    @DefaultValue("0") int readsPerUserPerSecond,
    @DefaultValue("true") boolean operatorsExempt) {

  RateLimits limits() {
    return new RateLimits(perUserPerSecond, readsPerUserPerSecond, operatorsExempt);
  }
}
