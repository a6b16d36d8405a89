package dev.ewallet.ledger.domain.webhook;

import java.util.List;
import java.util.Objects;

/** A delivery with its attempts, oldest first, as operators read it. */
public record WebhookDeliveryView(WebhookDelivery delivery, List<DeliveryAttempt> attempts) {

  public WebhookDeliveryView {
    Objects.requireNonNull(delivery, "delivery");
    attempts = List.copyOf(attempts);
  }
}
