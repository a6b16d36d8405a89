package dev.ewallet.ledger.application.webhooks;

import dev.ewallet.ledger.domain.port.out.AccountRepository;
import dev.ewallet.ledger.domain.port.out.HostResolver;
import dev.ewallet.ledger.domain.port.out.WebhookDeliveryStore;
import dev.ewallet.ledger.domain.port.out.WebhookEndpointStore;
import dev.ewallet.ledger.domain.port.out.WebhookTransport;
import java.util.Objects;

/** The out-ports webhooks need beside the ledger's own. */
public record WebhookPorts(
    AccountRepository accounts,
    WebhookEndpointStore endpoints,
    WebhookDeliveryStore deliveries,
    WebhookTransport transport,
    HostResolver resolver) {

  public WebhookPorts {
    Objects.requireNonNull(accounts, "accounts");
    Objects.requireNonNull(endpoints, "endpoints");
    Objects.requireNonNull(deliveries, "deliveries");
    Objects.requireNonNull(transport, "transport");
    Objects.requireNonNull(resolver, "resolver");
  }
}
