package dev.ewallet.ledger.domain.port.in;

import dev.ewallet.ledger.domain.account.AccountId;
import dev.ewallet.ledger.domain.error.InvalidRequestException;
import dev.ewallet.ledger.domain.webhook.WebhookEventType;
import java.util.Set;

/**
 * Register an endpoint for the events of {@code eventTypes}, of one account when {@code accountId}
 * is set. The URL is checked by the use case, which knows the mode and resolves the host.
 */
public record CreateWebhookEndpointCommand(
    Caller caller, String url, Set<WebhookEventType> eventTypes, AccountId accountId) {

  public CreateWebhookEndpointCommand {
    CommandChecks.present(caller, "caller");
    CommandChecks.present(url, "url");
    eventTypes = eventTypes(eventTypes);
  }

  /** At least one type, none twice. */
  static Set<WebhookEventType> eventTypes(Set<WebhookEventType> eventTypes) {
    if (eventTypes == null || eventTypes.isEmpty()) {
      throw new InvalidRequestException("eventTypes must name at least one event type");
    }
    return Set.copyOf(eventTypes);
  }
}
