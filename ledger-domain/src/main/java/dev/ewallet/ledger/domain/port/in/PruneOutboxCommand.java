package dev.ewallet.ledger.domain.port.in;

import dev.ewallet.ledger.domain.error.InvalidRequestException;
import java.time.Duration;
import java.util.Objects;

/** Delete rows published more than {@code retention} ago. */
public record PruneOutboxCommand(Duration retention) {

  public PruneOutboxCommand {
    Objects.requireNonNull(retention, "retention");
    if (retention.isNegative()) {
      throw new InvalidRequestException("retention must not be negative");
    }
  }
}
