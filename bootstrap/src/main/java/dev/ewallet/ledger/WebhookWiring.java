package dev.ewallet.ledger;

import dev.ewallet.ledger.adapter.rest.security.LedgerSecurityProperties;
import dev.ewallet.ledger.application.LedgerServices;
import dev.ewallet.ledger.application.webhooks.WebhookPorts;
import dev.ewallet.ledger.application.webhooks.WebhookServices;
import dev.ewallet.ledger.domain.port.in.CreateWebhookEndpointUseCase;
import dev.ewallet.ledger.domain.port.in.DeleteWebhookEndpointUseCase;
import dev.ewallet.ledger.domain.port.in.DeliverWebhooksUseCase;
import dev.ewallet.ledger.domain.port.in.MonitorsQuery;
import dev.ewallet.ledger.domain.port.in.PruneWebhookDeliveriesUseCase;
import dev.ewallet.ledger.domain.port.in.RedeliverWebhookUseCase;
import dev.ewallet.ledger.domain.port.in.RemoveMonitorUseCase;
import dev.ewallet.ledger.domain.port.in.RotateWebhookSecretUseCase;
import dev.ewallet.ledger.domain.port.in.SetMonitorUseCase;
import dev.ewallet.ledger.domain.port.in.UpdateWebhookEndpointUseCase;
import dev.ewallet.ledger.domain.port.in.WebhookBacklogQuery;
import dev.ewallet.ledger.domain.port.in.WebhookDeliveriesQuery;
import dev.ewallet.ledger.domain.port.in.WebhookEndpointQuery;
import dev.ewallet.ledger.domain.port.in.WebhookEndpointsQuery;
import dev.ewallet.ledger.domain.port.out.AccountRepository;
import dev.ewallet.ledger.domain.port.out.HostResolver;
import dev.ewallet.ledger.domain.port.out.WebhookDeliveryStore;
import dev.ewallet.ledger.domain.port.out.WebhookEndpointStore;
import dev.ewallet.ledger.domain.port.out.WebhookTransport;
import java.time.Clock;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * Webhooks and balance monitors as Spring beans: the endpoint service, the deliverer (closed with
 * the context) and each use case's in-port, timed like the others ({@link UseCaseWiring}). Local
 * mode ({@code ledger.security.mode=local}) lets endpoints use plain HTTP and loopback addresses.
 */
@Configuration(proxyBeanMethods = false)
class WebhookWiring {

  @Bean
  WebhookPorts webhookPorts(
      AccountRepository accounts,
      WebhookEndpointStore endpoints,
      WebhookDeliveryStore deliveries,
      WebhookTransport transport,
      HostResolver resolver) {
    return new WebhookPorts(accounts, endpoints, deliveries, transport, resolver);
  }

  @Bean(destroyMethod = "close")
  WebhookServices webhookServices(
      WebhookPorts ports,
      LedgerSecurityProperties security,
      WebhookProperties properties,
      Clock clock) {
    return new WebhookServices(
        ports,
        security.mode() == LedgerSecurityProperties.Mode.LOCAL,
        properties.settings(),
        clock);
  }

  @Bean
  DeliverWebhooksUseCase deliverWebhooksUseCase(WebhookServices services, UseCaseTimers timers) {
    return timers.timed(DeliverWebhooksUseCase.class, services.deliverer());
  }

  @Bean
  CreateWebhookEndpointUseCase createWebhookEndpointUseCase(
      WebhookServices services, UseCaseTimers timers) {
    return timers.timed(CreateWebhookEndpointUseCase.class, services.endpoints());
  }

  @Bean
  UpdateWebhookEndpointUseCase updateWebhookEndpointUseCase(
      WebhookServices services, UseCaseTimers timers) {
    return timers.timed(UpdateWebhookEndpointUseCase.class, services.endpoints());
  }

  @Bean
  DeleteWebhookEndpointUseCase deleteWebhookEndpointUseCase(
      WebhookServices services, UseCaseTimers timers) {
    return timers.timed(DeleteWebhookEndpointUseCase.class, services.endpoints());
  }

  @Bean
  RotateWebhookSecretUseCase rotateWebhookSecretUseCase(
      WebhookServices services, UseCaseTimers timers) {
    return timers.timed(RotateWebhookSecretUseCase.class, services.endpoints());
  }

  @Bean
  RedeliverWebhookUseCase redeliverWebhookUseCase(WebhookServices services, UseCaseTimers timers) {
    return timers.timed(RedeliverWebhookUseCase.class, services.endpoints());
  }

  @Bean
  WebhookEndpointsQuery webhookEndpointsQuery(WebhookServices services, UseCaseTimers timers) {
    return timers.timed(WebhookEndpointsQuery.class, services.endpoints());
  }

  @Bean
  WebhookEndpointQuery webhookEndpointQuery(WebhookServices services, UseCaseTimers timers) {
    return timers.timed(WebhookEndpointQuery.class, services.endpoints());
  }

  @Bean
  WebhookDeliveriesQuery webhookDeliveriesQuery(WebhookServices services, UseCaseTimers timers) {
    return timers.timed(WebhookDeliveriesQuery.class, services.endpoints());
  }

  @Bean
  WebhookBacklogQuery webhookBacklogQuery(WebhookServices services, UseCaseTimers timers) {
    return timers.timed(WebhookBacklogQuery.class, services.endpoints());
  }

  @Bean
  PruneWebhookDeliveriesUseCase pruneWebhookDeliveriesUseCase(
      WebhookServices services, UseCaseTimers timers) {
    return timers.timed(PruneWebhookDeliveriesUseCase.class, services.endpoints());
  }

  @Bean
  SetMonitorUseCase setMonitorUseCase(LedgerServices services, UseCaseTimers timers) {
    return timers.timed(SetMonitorUseCase.class, services.monitors());
  }

  @Bean
  RemoveMonitorUseCase removeMonitorUseCase(LedgerServices services, UseCaseTimers timers) {
    return timers.timed(RemoveMonitorUseCase.class, services.monitors());
  }

  @Bean
  MonitorsQuery monitorsQuery(LedgerServices services, UseCaseTimers timers) {
    return timers.timed(MonitorsQuery.class, services.monitors());
  }
}
