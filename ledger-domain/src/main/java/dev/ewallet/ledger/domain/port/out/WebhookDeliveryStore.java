package dev.ewallet.ledger.domain.port.out;

import dev.ewallet.ledger.domain.webhook.DeliveryAttempt;
import dev.ewallet.ledger.domain.webhook.DeliveryStatus;
import dev.ewallet.ledger.domain.webhook.WebhookBacklog;
import dev.ewallet.ledger.domain.webhook.WebhookDelivery;
import dev.ewallet.ledger.domain.webhook.WebhookDeliveryView;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

/**
 * The deliverer's view of the deliveries the outbox wrote. Each method is its own short unit of
 * work: no connection is held while a receiver is called. No argument may be {@code null} unless
 * said.
 */
public interface WebhookDeliveryStore {

  /**
   * The endpoints, not deleted and not paused, whose back-off has passed and that have a pending
   * delivery due at {@code now}.
   */
  List<Long> dueEndpoints(Instant now);

  /**
   * Leases the endpoint to {@code owner} for {@code length}, by the database's clock, when no other
   * owner holds an unexpired lease: one instance at a time sends to an endpoint, so its per-account
   * order holds with several instances running. Renewing one's own lease succeeds.
   */
  boolean lease(long endpointId, UUID owner, Duration length);

  /** Gives the lease up, if {@code owner} holds it. */
  void release(long endpointId, UUID owner);

  /** The endpoint's oldest pending deliveries, at most {@code limit}, in ascending position. */
  List<WebhookDelivery> pending(long endpointId, int limit);

  /**
   * Records an attempt and the delivery's state after it.
   *
   * @param nextAttemptAt when a pending delivery is due again; ignored for a finished one
   */
  void recordAttempt(
      WebhookDelivery delivery,
      DeliveryAttempt attempt,
      DeliveryStatus status,
      Instant nextAttemptAt);

  /**
   * Records how a round of the endpoint went: a delivery made makes it healthy and clears its
   * back-off; a round of failures only makes it wait until {@code retryAt}; a delivery given up
   * makes it unhealthy.
   *
   * @param retryAt when the endpoint is tried again after a round without a delivery; {@code null}
   *     when there is nothing to wait for
   */
  void recordRound(long endpointId, boolean delivered, Instant retryAt, boolean gaveUp);

  /**
   * The endpoint's deliveries, newest first (by position: an endpoint has one delivery per event),
   * with their attempts; see the query.
   *
   * @param before the position the previous page ended at; {@code null} for the newest
   */
  List<WebhookDeliveryView> deliveries(
      long endpointId, DeliveryStatus status, Long before, int limit);

  /**
   * Makes the delivery pending and due at {@code now}, and clears its endpoint's back-off.
   *
   * @return it as changed, or empty when the endpoint has no such delivery
   */
  Optional<WebhookDelivery> redeliver(long endpointId, long deliveryId, Instant now);

  /** The pending deliveries, the oldest one's age and the unhealthy endpoints, not deleted. */
  WebhookBacklog backlog();

  /**
   * Deletes at most {@code limit} deliveries finished (delivered or failed for good) before {@code
   * cutoff}, with their attempts.
   *
   * @return how many deliveries were deleted
   */
  int pruneFinishedBefore(Instant cutoff, int limit);
}
