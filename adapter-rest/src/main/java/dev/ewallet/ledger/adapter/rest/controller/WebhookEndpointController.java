package dev.ewallet.ledger.adapter.rest.controller;

import dev.ewallet.ledger.adapter.rest.dto.ApiDtos.CreateWebhookEndpointRequest;
import dev.ewallet.ledger.adapter.rest.dto.ApiDtos.RotateWebhookSecretRequest;
import dev.ewallet.ledger.adapter.rest.dto.ApiDtos.UpdateWebhookEndpointRequest;
import dev.ewallet.ledger.adapter.rest.dto.ApiDtos.WebhookAttemptResponse;
import dev.ewallet.ledger.adapter.rest.dto.ApiDtos.WebhookDeliveriesResponse;
import dev.ewallet.ledger.adapter.rest.dto.ApiDtos.WebhookDeliveryResponse;
import dev.ewallet.ledger.adapter.rest.dto.ApiDtos.WebhookEndpointResponse;
import dev.ewallet.ledger.adapter.rest.dto.ApiDtos.WebhookEndpointsResponse;
import dev.ewallet.ledger.adapter.rest.dto.RequestFields;
import dev.ewallet.ledger.domain.account.AccountId;
import dev.ewallet.ledger.domain.error.InvalidRequestException;
import dev.ewallet.ledger.domain.port.in.Caller;
import dev.ewallet.ledger.domain.port.in.CreateWebhookEndpointCommand;
import dev.ewallet.ledger.domain.port.in.CreateWebhookEndpointUseCase;
import dev.ewallet.ledger.domain.port.in.CreatedWebhookEndpoint;
import dev.ewallet.ledger.domain.port.in.DeleteWebhookEndpointCommand;
import dev.ewallet.ledger.domain.port.in.DeleteWebhookEndpointUseCase;
import dev.ewallet.ledger.domain.port.in.RedeliverWebhookCommand;
import dev.ewallet.ledger.domain.port.in.RedeliverWebhookUseCase;
import dev.ewallet.ledger.domain.port.in.RotateWebhookSecretCommand;
import dev.ewallet.ledger.domain.port.in.RotateWebhookSecretUseCase;
import dev.ewallet.ledger.domain.port.in.UpdateWebhookEndpointCommand;
import dev.ewallet.ledger.domain.port.in.UpdateWebhookEndpointUseCase;
import dev.ewallet.ledger.domain.port.in.WebhookDeliveriesQuery;
import dev.ewallet.ledger.domain.port.in.WebhookEndpointQuery;
import dev.ewallet.ledger.domain.port.in.WebhookEndpointsQuery;
import dev.ewallet.ledger.domain.webhook.DeliveryAttempt;
import dev.ewallet.ledger.domain.webhook.DeliveryStatus;
import dev.ewallet.ledger.domain.webhook.WebhookDelivery;
import dev.ewallet.ledger.domain.webhook.WebhookDeliveryView;
import dev.ewallet.ledger.domain.webhook.WebhookEndpoint;
import dev.ewallet.ledger.domain.webhook.WebhookEventType;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.tags.Tag;
import java.net.URI;
import java.time.Duration;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PatchMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/** Webhook endpoints and their deliveries (operators, docs/webhooks.md). */
@Tag(name = "Webhooks")
@RestController
@RequestMapping("/v1/webhook-endpoints")
class WebhookEndpointController {

  private static final int DELIVERIES_PAGE = 50;
  private static final Duration DEFAULT_OVERLAP = Duration.ofDays(1);

  private final CreateWebhookEndpointUseCase create;
  private final UpdateWebhookEndpointUseCase update;
  private final DeleteWebhookEndpointUseCase delete;
  private final RotateWebhookSecretUseCase rotate;
  private final RedeliverWebhookUseCase redeliver;
  private final WebhookEndpointsQuery endpoints;
  private final WebhookEndpointQuery endpoint;
  private final WebhookDeliveriesQuery deliveries;

  WebhookEndpointController(
      CreateWebhookEndpointUseCase create,
      UpdateWebhookEndpointUseCase update,
      DeleteWebhookEndpointUseCase delete,
      RotateWebhookSecretUseCase rotate,
      RedeliverWebhookUseCase redeliver,
      WebhookEndpointsQuery endpoints,
      WebhookEndpointQuery endpoint,
      WebhookDeliveriesQuery deliveries) {
    this.create = create;
    this.update = update;
    this.delete = delete;
    this.rotate = rotate;
    this.redeliver = redeliver;
    this.endpoints = endpoints;
    this.endpoint = endpoint;
    this.deliveries = deliveries;
  }

  @Operation(
      operationId = "createWebhookEndpoint",
      summary =
          "Registers a webhook endpoint (operators): 201 with its signing secret, shown this once."
              + " HTTPS only outside local mode; a host that resolves to a loopback, link-local,"
              + " private or reserved address is refused (400 WEBHOOK_URL_REFUSED). At most 100"
              + " endpoints: 422 TOO_MANY_WEBHOOK_ENDPOINTS.")
  @PostMapping
  ResponseEntity<WebhookEndpointResponse> create(
      Caller caller, @RequestBody CreateWebhookEndpointRequest body) {
    CreatedWebhookEndpoint created =
        create.create(
            new CreateWebhookEndpointCommand(
                caller,
                RequestFields.required(body.url(), "url"),
                eventTypes(RequestFields.required(body.eventTypes(), "eventTypes")),
                body.accountId() == null ? null : AccountId.of(body.accountId())));
    return ResponseEntity.created(URI.create("/v1/webhook-endpoints/" + created.endpoint().id()))
        .body(response(created.endpoint(), created.secret()));
  }

  @Operation(
      operationId = "listWebhookEndpoints",
      summary = "The webhook endpoints, in id order (operators); no secrets.")
  @GetMapping
  WebhookEndpointsResponse endpoints(Caller caller) {
    return new WebhookEndpointsResponse(
        endpoints.endpoints(caller).stream().map(e -> response(e, null)).toList());
  }

  @Operation(
      operationId = "getWebhookEndpoint",
      summary = "One webhook endpoint (operators); no secret.")
  @GetMapping("/{id}")
  WebhookEndpointResponse endpoint(Caller caller, @PathVariable long id) {
    return response(endpoint.endpoint(caller, id), null);
  }

  @Operation(
      operationId = "updateWebhookEndpoint",
      summary =
          "Changes an endpoint's url, eventTypes or paused (operators). Paused, its deliveries"
              + " wait in order; resumed, they are sent at once.")
  @PatchMapping("/{id}")
  WebhookEndpointResponse update(
      Caller caller, @PathVariable long id, @RequestBody UpdateWebhookEndpointRequest body) {
    return response(
        update.update(
            new UpdateWebhookEndpointCommand(
                caller,
                id,
                body.url(),
                body.eventTypes() == null ? null : eventTypes(body.eventTypes()),
                body.paused())),
        null);
  }

  @Operation(
      operationId = "deleteWebhookEndpoint",
      summary =
          "Deletes an endpoint (operators): 204; nothing more is written or sent for it, and its"
              + " deliveries stay readable.")
  @DeleteMapping("/{id}")
  ResponseEntity<Void> delete(Caller caller, @PathVariable long id) {
    delete.delete(new DeleteWebhookEndpointCommand(caller, id));
    return ResponseEntity.noContent().build();
  }

  @Operation(
      operationId = "rotateWebhookSecret",
      summary =
          "Rotates an endpoint's signing secret (operators): 201 with the new secret, shown this"
              + " once. The old one keeps signing beside it (a second v1 in Ledger-Signature) for"
              + " overlapSeconds, a day by default, at most a week.")
  @PostMapping("/{id}/secret-rotations")
  ResponseEntity<WebhookEndpointResponse> rotate(
      Caller caller,
      @PathVariable long id,
      @RequestBody(required = false) RotateWebhookSecretRequest body) {
    Duration overlap =
        body == null || body.overlapSeconds() == null
            ? DEFAULT_OVERLAP
            : Duration.ofSeconds(body.overlapSeconds());
    CreatedWebhookEndpoint rotated =
        rotate.rotate(new RotateWebhookSecretCommand(caller, id, overlap));
    return ResponseEntity.status(HttpStatus.CREATED)
        .body(response(rotated.endpoint(), rotated.secret()));
  }

  @Operation(
      operationId = "listWebhookDeliveries",
      summary =
          "An endpoint's deliveries, newest first, each with its attempts: status code, latency"
              + " and error (operators). status filters by PENDING, DELIVERED or FAILED.")
  @GetMapping("/{id}/deliveries")
  WebhookDeliveriesResponse deliveries(
      Caller caller,
      @PathVariable long id,
      @RequestParam(required = false) String status,
      @RequestParam(required = false) Integer limit,
      @RequestParam(required = false) String cursor) {
    int size = limit == null ? DELIVERIES_PAGE : limit;
    List<WebhookDeliveryView> page =
        deliveries.deliveries(
            caller, id, status(status), RequestFields.beforeEntryId(cursor), size);
    String next =
        page.size() < size ? null : RequestFields.cursor(page.getLast().delivery().position());
    return new WebhookDeliveriesResponse(
        page.stream().map(WebhookEndpointController::response).toList(), next);
  }

  @Operation(
      operationId = "redeliverWebhook",
      summary =
          "Sends a delivery again (operators): 202; it is due at once, at its place in the"
              + " endpoint's order, so its accounts' later deliveries wait for it.")
  @PostMapping("/{id}/deliveries/{deliveryId}/redeliver")
  ResponseEntity<WebhookDeliveryResponse> redeliver(
      Caller caller, @PathVariable long id, @PathVariable long deliveryId) {
    WebhookDelivery delivery =
        redeliver.redeliver(new RedeliverWebhookCommand(caller, id, deliveryId));
    return ResponseEntity.accepted().body(response(new WebhookDeliveryView(delivery, List.of())));
  }

  private static Set<WebhookEventType> eventTypes(List<String> names) {
    Set<WebhookEventType> types = new LinkedHashSet<>();
    names.forEach(name -> types.add(WebhookEventType.fromWire(name)));
    return types;
  }

  private static DeliveryStatus status(String status) {
    if (status == null) {
      return null;
    }
    try {
      return DeliveryStatus.valueOf(status);
    } catch (IllegalArgumentException unknown) {
      throw new InvalidRequestException("status must be PENDING, DELIVERED or FAILED");
    }
  }

  private static WebhookEndpointResponse response(WebhookEndpoint endpoint, String secret) {
    return new WebhookEndpointResponse(
        endpoint.id(),
        endpoint.url().toString(),
        endpoint.eventTypes().stream().map(WebhookEventType::wireName).sorted().toList(),
        endpoint.accountId() == null ? null : endpoint.accountId().value(),
        endpoint.paused(),
        endpoint.healthy(),
        endpoint.previousSecretUntil(),
        endpoint.createdBy(),
        endpoint.createdAt(),
        secret);
  }

  private static WebhookDeliveryResponse response(WebhookDeliveryView view) {
    WebhookDelivery delivery = view.delivery();
    return new WebhookDeliveryResponse(
        delivery.id(),
        delivery.endpointId(),
        delivery.eventId().toString(),
        delivery.eventType(),
        delivery.status().name(),
        delivery.createdAt(),
        delivery.status() == DeliveryStatus.PENDING ? delivery.nextAttemptAt() : null,
        delivery.finishedAt(),
        view.attempts().stream().map(WebhookEndpointController::attempt).toList());
  }

  private static WebhookAttemptResponse attempt(DeliveryAttempt attempt) {
    return new WebhookAttemptResponse(
        attempt.attempt(),
        attempt.at(),
        attempt.statusCode(),
        attempt.latencyMillis(),
        attempt.error());
  }
}
