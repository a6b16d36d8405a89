package dev.ewallet.ledger.domain.port.in;

import dev.ewallet.ledger.domain.error.InvalidRequestException;
import java.time.Duration;
import java.util.Objects;

/**
 * Ask the bank again for at most {@code batchSize} pending withdrawals whose request was never
 * noted as sent and which are older than {@code olderThan} (younger ones may still be on their way
 * from the request that committed them).
 */
public record ResendPayoutsCommand(Duration olderThan, int batchSize) {

  public ResendPayoutsCommand {
    Objects.requireNonNull(olderThan, "olderThan");
    if (olderThan.isNegative() || batchSize < 1 || batchSize > 10_000) {
      throw new InvalidRequestException("olderThan must not be negative, batch size 1 to 10000");
    }
  }
}
