package dev.ewallet.ledger.domain.port.in;

import dev.ewallet.ledger.domain.webhook.WebhookEventType;
import java.util.Set;

/**
 * Change an endpoint; a {@code null} field stays as it is. Pausing keeps new deliveries waiting, in
 * order; resuming sends them.
 */
public record UpdateWebhookEndpointCommand(
    Caller caller, long endpointId, String url, Set<WebhookEventType> eventTypes, Boolean paused) {

  public UpdateWebhookEndpointCommand {
    CommandChecks.present(caller, "caller");
    if (eventTypes != null) {
      eventTypes = CreateWebhookEndpointCommand.eventTypes(eventTypes);
    }
  }
}
