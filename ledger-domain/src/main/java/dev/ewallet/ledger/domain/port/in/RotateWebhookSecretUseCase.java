package dev.ewallet.ledger.domain.port.in;

/** Rotates an endpoint's signing secret (operators). */
public interface RotateWebhookSecretUseCase {

  /** The endpoint with its new secret, shown this once. */
  CreatedWebhookEndpoint rotate(RotateWebhookSecretCommand command);
}
