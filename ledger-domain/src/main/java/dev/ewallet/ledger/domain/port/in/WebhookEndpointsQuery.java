package dev.ewallet.ledger.domain.port.in;

import dev.ewallet.ledger.domain.webhook.WebhookEndpoint;
import java.util.List;

/** The webhook endpoints not deleted, in id order (operators). */
public interface WebhookEndpointsQuery {

  List<WebhookEndpoint> endpoints(Caller caller);
}
