package dev.ewallet.ledger.domain.outbox;

import java.util.List;
import java.util.Objects;
import java.util.UUID;

/**
 * One stored outbox row as the relay hands it to the publisher.
 *
 * @param id the row's position: rows are relayed in ascending id, which for any one account is
 *     posting order, because the row is written while the account's row lock is held
 * @param accountIds the accounts the event touches, in entry order; each gets its own record
 * @param payload the event's JSON, exactly as consumers receive it
 */
public record OutboxMessage(
    long id, UUID eventId, String topic, List<Long> accountIds, String payload) {

  public OutboxMessage {
    Objects.requireNonNull(eventId, "eventId");
    Objects.requireNonNull(topic, "topic");
    Objects.requireNonNull(payload, "payload");
    accountIds = List.copyOf(accountIds);
    if (accountIds.isEmpty()) {
      throw new IllegalArgumentException("outbox row " + id + " touches no account");
    }
  }
}
