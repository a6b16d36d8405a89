package dev.ewallet.ledger.domain.account;

import java.time.Instant;
import java.util.Objects;
import java.util.UUID;

/**
 * An operator froze a wallet or lifted its freeze: written to the outbox in the change's own
 * database transaction, so it exists exactly when the change does.
 *
 * @param eventId unique per event, for receivers to drop duplicates of at-least-once delivery
 * @param previous the status before the change (the same as {@code status} when it was set again)
 * @param reason the operator's reason, or {@code null}
 * @param changedBy the operator's principal id
 */
public record AccountStatusChanged(
    UUID eventId,
    AccountId accountId,
    AccountStatus previous,
    AccountStatus status,
    String reason,
    long changedBy,
    Instant occurredAt) {

  /** The event type, in the API's and the events' words. */
  public static final String TYPE = "account.status.changed";

  public AccountStatusChanged {
    Objects.requireNonNull(eventId, "eventId");
    Objects.requireNonNull(accountId, "accountId");
    Objects.requireNonNull(previous, "previous");
    Objects.requireNonNull(status, "status");
    Objects.requireNonNull(occurredAt, "occurredAt");
  }
}
