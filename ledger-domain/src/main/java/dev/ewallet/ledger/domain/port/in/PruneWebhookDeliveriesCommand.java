package dev.ewallet.ledger.domain.port.in;

import dev.ewallet.ledger.domain.error.InvalidRequestException;
import java.time.Duration;

/** Delete deliveries finished more than {@code retention} ago. */
public record PruneWebhookDeliveriesCommand(Duration retention) {

  public PruneWebhookDeliveriesCommand {
    CommandChecks.present(retention, "retention");
    if (retention.isNegative()) {
      throw new InvalidRequestException("retention must not be negative");
    }
  }
}
