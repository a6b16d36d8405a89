package dev.ewallet.ledger.domain.webhook;

import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Which of an endpoint's pending deliveries may be sent now without breaking per-account order: a
 * delivery goes only when no earlier pending delivery shares an ordering key with it. Deliveries of
 * different accounts go side by side; one account's wait behind its oldest, even while that one
 * waits for a retry.
 */
public final class DeliveryWindow {

  private DeliveryWindow() {}

  /**
   * The sendable deliveries among {@code pending} (one endpoint's oldest, in ascending position),
   * at most {@code limit}, in position order.
   */
  public static List<WebhookDelivery> sendable(
      List<WebhookDelivery> pending, Instant now, int limit) {
    Set<String> blocked = new HashSet<>();
    List<WebhookDelivery> sendable = new ArrayList<>();
    for (WebhookDelivery delivery : pending) {
      if (sendable.size() == limit) {
        break;
      }
      boolean free = delivery.orderingKeys().stream().noneMatch(blocked::contains);
      if (free && !delivery.nextAttemptAt().isAfter(now)) {
        sendable.add(delivery);
      }
      blocked.addAll(delivery.orderingKeys());
    }
    return sendable;
  }
}
