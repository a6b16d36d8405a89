package dev.ewallet.ledger.domain.port.in;

/** Stop sending to an endpoint; its deliveries stay readable. */
public record DeleteWebhookEndpointCommand(Caller caller, long endpointId) {

  public DeleteWebhookEndpointCommand {
    CommandChecks.present(caller, "caller");
  }
}
