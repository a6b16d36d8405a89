package dev.ewallet.ledger;

import dev.ewallet.ledger.runtime.TimeoutBudget;
import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * {@code ledger.request-timeout} ({@code LEDGER_REQUEST_TIMEOUT}): every request is answered within
 * it, whatever the database does. The timeouts of each step are derived from it (ADR 0010).
 */
@ConfigurationProperties("ledger")
record RequestTimeoutProperties(@DefaultValue("PT10S") Duration requestTimeout) {

  TimeoutBudget budget() {
    return new TimeoutBudget(requestTimeout);
  }
}
