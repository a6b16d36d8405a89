package dev.ewallet.ledger.domain.outbox;

import java.time.Duration;
import java.time.Instant;

/**
 * The unpublished part of the outbox.
 *
 * @param oldestCreatedAt when the oldest waiting row was written; {@code null} when none waits
 */
public record OutboxBacklog(long count, Instant oldestCreatedAt) {

  public static final OutboxBacklog EMPTY = new OutboxBacklog(0, null);

  /** How long the oldest waiting row has waited at {@code now}; zero when none waits. */
  public Duration oldestAge(Instant now) {
    return oldestCreatedAt == null ? Duration.ZERO : Duration.between(oldestCreatedAt, now);
  }
}
