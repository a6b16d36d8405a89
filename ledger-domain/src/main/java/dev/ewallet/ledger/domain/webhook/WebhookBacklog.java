package dev.ewallet.ledger.domain.webhook;

import java.time.Duration;
import java.time.Instant;

/**
 * How far webhook delivery is behind, for metrics.
 *
 * @param pending deliveries not yet answered 2xx nor failed for good, paused endpoints' included
 * @param oldestPendingAt when the oldest of them was written; {@code null} when none waits
 * @param unhealthyEndpoints endpoints with a delivery that failed for good since their last success
 */
public record WebhookBacklog(long pending, Instant oldestPendingAt, long unhealthyEndpoints) {

  public static final WebhookBacklog EMPTY = new WebhookBacklog(0, null, 0);

  /** How long the oldest pending delivery has waited at {@code now}; zero when none waits. */
  public Duration oldestAge(Instant now) {
    return oldestPendingAt == null || now.isBefore(oldestPendingAt)
        ? Duration.ZERO
        : Duration.between(oldestPendingAt, now);
  }
}
