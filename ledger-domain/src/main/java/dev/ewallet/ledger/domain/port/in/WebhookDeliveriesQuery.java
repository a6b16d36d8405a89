package dev.ewallet.ledger.domain.port.in;

import dev.ewallet.ledger.domain.webhook.DeliveryStatus;
import dev.ewallet.ledger.domain.webhook.WebhookDeliveryView;
import java.util.List;

/** An endpoint's deliveries, newest first, with their attempts (operators). */
public interface WebhookDeliveriesQuery {

  /**
   * @param status only deliveries in this status; {@code null} for all
   * @param before the position (outbox event) the previous page ended at; {@code null} for the
   *     newest
   * @param limit 1 to 100
   */
  List<WebhookDeliveryView> deliveries(
      Caller caller, long endpointId, DeliveryStatus status, Long before, int limit);
}
