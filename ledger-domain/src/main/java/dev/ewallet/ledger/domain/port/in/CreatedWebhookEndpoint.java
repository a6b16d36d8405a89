package dev.ewallet.ledger.domain.port.in;

import dev.ewallet.ledger.domain.webhook.WebhookEndpoint;
import java.util.Objects;

/** A new endpoint and its signing secret, which is shown this once. */
public record CreatedWebhookEndpoint(WebhookEndpoint endpoint, String secret) {

  public CreatedWebhookEndpoint {
    Objects.requireNonNull(endpoint, "endpoint");
    Objects.requireNonNull(secret, "secret");
  }
}
