package dev.ewallet.ledger.application.webhooks;

import dev.ewallet.ledger.domain.webhook.WebhookUrlPolicy;
import java.time.Clock;

/**
 * The webhook use cases over their ports: the operators' endpoint service and the deliverer, whose
 * tasks stop on {@link #close()}.
 */
public final class WebhookServices implements AutoCloseable {

  private final WebhookEndpointService endpoints;
  private final WebhookDeliverer deliverer;

  /**
   * @param local whether the service runs in local mode: endpoints may then use plain HTTP and
   *     loopback addresses
   */
  public WebhookServices(
      WebhookPorts ports, boolean local, WebhookDeliverer.Settings settings, Clock clock) {
    WebhookUrlPolicy urls = new WebhookUrlPolicy(local);
    this.endpoints = new WebhookEndpointService(ports, urls, clock);
    this.deliverer = new WebhookDeliverer(ports, urls, settings, clock);
  }

  public WebhookEndpointService endpoints() {
    return endpoints;
  }

  public WebhookDeliverer deliverer() {
    return deliverer;
  }

  @Override
  public void close() {
    deliverer.close();
  }
}
