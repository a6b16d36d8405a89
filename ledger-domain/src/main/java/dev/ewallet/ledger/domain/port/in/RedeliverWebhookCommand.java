package dev.ewallet.ledger.domain.port.in;

/** Send one delivery again, whatever became of it. */
public record RedeliverWebhookCommand(Caller caller, long endpointId, long deliveryId) {

  public RedeliverWebhookCommand {
    CommandChecks.present(caller, "caller");
  }
}
