package dev.ewallet.ledger.domain.webhook;

import java.time.Instant;
import java.util.List;
import java.util.Objects;
import java.util.UUID;

/**
 * One event for one endpoint.
 *
 * @param position the event's outbox position: an endpoint's deliveries sharing an ordering key are
 *     sent in ascending position, which is posting order for each account
 * @param orderingKeys the accounts the event touches (or, for an event that touches none, the key
 *     it is ordered by, e.g. its currency)
 * @param body the JSON sent, exactly as signed: {@code {"id","type","createdAt","data"}}
 * @param attempts how many times it was sent
 */
public record WebhookDelivery(
    long id,
    long endpointId,
    long position,
    UUID eventId,
    String eventType,
    List<String> orderingKeys,
    String body,
    DeliveryStatus status,
    int attempts,
    Instant createdAt,
    Instant nextAttemptAt,
    Instant finishedAt) {

  public WebhookDelivery {
    Objects.requireNonNull(eventId, "eventId");
    Objects.requireNonNull(eventType, "eventType");
    orderingKeys = List.copyOf(orderingKeys);
    Objects.requireNonNull(body, "body");
    Objects.requireNonNull(status, "status");
    Objects.requireNonNull(createdAt, "createdAt");
    Objects.requireNonNull(nextAttemptAt, "nextAttemptAt");
  }
}
