package dev.ewallet.ledger.domain.outbox;

import java.util.List;
import java.util.Objects;
import java.util.UUID;

/**
 * One stored outbox row as the relay hands it to the publisher.
 *
 * @param id the row's position: rows are relayed in ascending id, which for any one account is
 *     posting order, because the row is written while the account's row lock is held
 * @param keys the keys of the event's records, one record each: for a ledger event the ids of the
 *     accounts it touches, in entry order; for an event that touches no account (a safeguarding
 *     shortfall) the one key it is ordered by
 * @param payload the event's JSON, exactly as consumers receive it
 * @param trace the trace of the request that posted the event's transaction; its records continue
 *     it
 */
public record OutboxMessage(
    long id, UUID eventId, String topic, List<String> keys, String payload, TraceContext trace) {

  public OutboxMessage {
    Objects.requireNonNull(eventId, "eventId");
    Objects.requireNonNull(topic, "topic");
    Objects.requireNonNull(payload, "payload");
    Objects.requireNonNull(trace, "trace");
    keys = List.copyOf(keys);
    if (keys.isEmpty()) {
      throw new IllegalArgumentException("outbox row " + id + " has no record key");
    }
  }

  /** A row of no traced request. */
  public OutboxMessage(long id, UUID eventId, String topic, List<String> keys, String payload) {
    this(id, eventId, topic, keys, payload, TraceContext.NONE);
  }
}
