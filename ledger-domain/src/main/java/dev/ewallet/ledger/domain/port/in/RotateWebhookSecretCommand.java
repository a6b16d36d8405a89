package dev.ewallet.ledger.domain.port.in;

import dev.ewallet.ledger.domain.error.InvalidRequestException;
import java.time.Duration;

/**
 * Give an endpoint a new signing secret; the current one keeps signing beside it for {@code
 * overlap}, so that the receiver can switch without refusing a delivery.
 */
public record RotateWebhookSecretCommand(Caller caller, long endpointId, Duration overlap) {

  /** The longest overlap: a week. */
  public static final Duration MAX_OVERLAP = Duration.ofDays(7);

  public RotateWebhookSecretCommand {
    CommandChecks.present(caller, "caller");
    CommandChecks.present(overlap, "overlap");
    if (overlap.isNegative() || overlap.compareTo(MAX_OVERLAP) > 0) {
      throw new InvalidRequestException(
          "the overlap must be 0 to " + MAX_OVERLAP.toSeconds() + " s");
    }
  }
}
