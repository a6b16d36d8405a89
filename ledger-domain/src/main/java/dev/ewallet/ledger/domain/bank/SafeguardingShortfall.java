package dev.ewallet.ledger.domain.bank;

import java.time.Instant;
import java.util.Objects;
import java.util.UUID;

/**
 * A safeguarding check that found the bank holding less than it should, as the ledger announces it
 * (the {@code safeguarding.shortfall} event, docs/events.md): once per end-of-day statement,
 * however often the check runs against it.
 *
 * @param eventId unique per event, for consumers to drop duplicates of at-least-once delivery
 * @param check the check that found it; it compares with a statement and shows a shortfall
 * @param detectedAt when the check was made
 */
public record SafeguardingShortfall(UUID eventId, SafeguardingCheck check, Instant detectedAt) {

  public SafeguardingShortfall {
    Objects.requireNonNull(eventId, "eventId");
    Objects.requireNonNull(check, "check");
    Objects.requireNonNull(detectedAt, "detectedAt");
    if (!check.shortfall()) {
      throw new IllegalArgumentException(
          "the " + check.currency().value() + " check shows no shortfall");
    }
  }

  /** The shortfall {@code check} shows, found now. */
  public static SafeguardingShortfall found(SafeguardingCheck check, Instant now) {
    return new SafeguardingShortfall(UUID.randomUUID(), check, now);
  }
}
