package dev.ewallet.ledger.application.webhooks;

import dev.ewallet.ledger.application.OperatorPages;
import dev.ewallet.ledger.domain.error.TooManyWebhookEndpointsException;
import dev.ewallet.ledger.domain.error.WebhookDeliveryNotFoundException;
import dev.ewallet.ledger.domain.error.WebhookEndpointNotFoundException;
import dev.ewallet.ledger.domain.port.in.Caller;
import dev.ewallet.ledger.domain.port.in.CreateWebhookEndpointCommand;
import dev.ewallet.ledger.domain.port.in.CreateWebhookEndpointUseCase;
import dev.ewallet.ledger.domain.port.in.CreatedWebhookEndpoint;
import dev.ewallet.ledger.domain.port.in.DeleteWebhookEndpointCommand;
import dev.ewallet.ledger.domain.port.in.DeleteWebhookEndpointUseCase;
import dev.ewallet.ledger.domain.port.in.PruneWebhookDeliveriesCommand;
import dev.ewallet.ledger.domain.port.in.PruneWebhookDeliveriesUseCase;
import dev.ewallet.ledger.domain.port.in.RedeliverWebhookCommand;
import dev.ewallet.ledger.domain.port.in.RedeliverWebhookUseCase;
import dev.ewallet.ledger.domain.port.in.RotateWebhookSecretCommand;
import dev.ewallet.ledger.domain.port.in.RotateWebhookSecretUseCase;
import dev.ewallet.ledger.domain.port.in.UpdateWebhookEndpointCommand;
import dev.ewallet.ledger.domain.port.in.UpdateWebhookEndpointUseCase;
import dev.ewallet.ledger.domain.port.in.WebhookBacklogQuery;
import dev.ewallet.ledger.domain.port.in.WebhookDeliveriesQuery;
import dev.ewallet.ledger.domain.port.in.WebhookEndpointQuery;
import dev.ewallet.ledger.domain.port.in.WebhookEndpointsQuery;
import dev.ewallet.ledger.domain.webhook.DeliveryStatus;
import dev.ewallet.ledger.domain.webhook.WebhookBacklog;
import dev.ewallet.ledger.domain.webhook.WebhookDelivery;
import dev.ewallet.ledger.domain.webhook.WebhookDeliveryView;
import dev.ewallet.ledger.domain.webhook.WebhookEndpoint;
import dev.ewallet.ledger.domain.webhook.WebhookSecret;
import dev.ewallet.ledger.domain.webhook.WebhookUrlPolicy;
import java.net.URI;
import java.time.Clock;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;

/**
 * Operators' management of webhook endpoints and their deliveries. Every URL is checked by the
 * {@link WebhookUrlPolicy} with its host resolved when it is set; the deliverer checks it again
 * before each send.
 */
public final class WebhookEndpointService
    implements CreateWebhookEndpointUseCase,
        UpdateWebhookEndpointUseCase,
        DeleteWebhookEndpointUseCase,
        RotateWebhookSecretUseCase,
        RedeliverWebhookUseCase,
        WebhookEndpointsQuery,
        WebhookEndpointQuery,
        WebhookDeliveriesQuery,
        WebhookBacklogQuery,
        PruneWebhookDeliveriesUseCase {

  /** Deliveries deleted per statement, so that no prune holds locks for long. */
  static final int PRUNE_SLICE = 1_000;

  private final WebhookPorts ports;
  private final WebhookUrlPolicy urls;
  private final Clock clock;

  public WebhookEndpointService(WebhookPorts ports, WebhookUrlPolicy urls, Clock clock) {
    this.ports = ports;
    this.urls = urls;
    this.clock = clock;
  }

  @Override
  public CreatedWebhookEndpoint create(CreateWebhookEndpointCommand command) {
    command.caller().requireOperator();
    URI url = checked(command.url());
    if (command.accountId() != null) {
      ports.accounts().existing(command.accountId());
    }
    String secret = WebhookSecret.generate();
    WebhookEndpoint endpoint =
        ports
            .endpoints()
            .insert(
                url,
                command.eventTypes(),
                command.accountId(),
                secret,
                command.caller().principalId(),
                now(),
                WebhookEndpoint.MAX_ENDPOINTS)
            .orElseThrow(() -> new TooManyWebhookEndpointsException(WebhookEndpoint.MAX_ENDPOINTS));
    return new CreatedWebhookEndpoint(endpoint, secret);
  }

  @Override
  public WebhookEndpoint update(UpdateWebhookEndpointCommand command) {
    command.caller().requireOperator();
    URI url = command.url() == null ? null : checked(command.url());
    return ports
        .endpoints()
        .update(command.endpointId(), url, command.eventTypes(), command.paused())
        .orElseThrow(() -> new WebhookEndpointNotFoundException(command.endpointId()));
  }

  @Override
  public void delete(DeleteWebhookEndpointCommand command) {
    command.caller().requireOperator();
    if (!ports.endpoints().delete(command.endpointId(), now())) {
      throw new WebhookEndpointNotFoundException(command.endpointId());
    }
  }

  @Override
  public CreatedWebhookEndpoint rotate(RotateWebhookSecretCommand command) {
    command.caller().requireOperator();
    String secret = WebhookSecret.generate();
    WebhookEndpoint endpoint =
        ports
            .endpoints()
            .rotate(command.endpointId(), secret, now().plus(command.overlap()))
            .orElseThrow(() -> new WebhookEndpointNotFoundException(command.endpointId()));
    return new CreatedWebhookEndpoint(endpoint, secret);
  }

  @Override
  public WebhookDelivery redeliver(RedeliverWebhookCommand command) {
    command.caller().requireOperator();
    endpoint(command.caller(), command.endpointId());
    return ports
        .deliveries()
        .redeliver(command.endpointId(), command.deliveryId(), now())
        .orElseThrow(
            () -> new WebhookDeliveryNotFoundException(command.endpointId(), command.deliveryId()));
  }

  @Override
  public List<WebhookEndpoint> endpoints(Caller caller) {
    caller.requireOperator();
    return ports.endpoints().all();
  }

  @Override
  public WebhookEndpoint endpoint(Caller caller, long endpointId) {
    caller.requireOperator();
    return ports
        .endpoints()
        .find(endpointId)
        .orElseThrow(() -> new WebhookEndpointNotFoundException(endpointId));
  }

  @Override
  public List<WebhookDeliveryView> deliveries(
      Caller caller, long endpointId, DeliveryStatus status, Long before, int limit) {
    OperatorPages.require(caller, limit);
    endpoint(caller, endpointId);
    return ports.deliveries().deliveries(endpointId, status, before, limit);
  }

  @Override
  public WebhookBacklog backlog() {
    return ports.deliveries().backlog();
  }

  @Override
  public int prune(PruneWebhookDeliveriesCommand command) {
    Instant cutoff = now().minus(command.retention());
    int total = 0;
    int deleted;
    do {
      deleted = ports.deliveries().pruneFinishedBefore(cutoff, PRUNE_SLICE);
      total += deleted;
    } while (deleted == PRUNE_SLICE);
    return total;
  }

  private URI checked(String url) {
    URI uri = urls.parse(url);
    urls.checkAddresses(uri, ports.resolver().resolve(uri.getHost()));
    return uri;
  }

  private Instant now() {
    return clock.instant().truncatedTo(ChronoUnit.MICROS);
  }
}
