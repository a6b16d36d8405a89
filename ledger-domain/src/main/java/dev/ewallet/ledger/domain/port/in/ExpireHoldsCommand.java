package dev.ewallet.ledger.domain.port.in;

import dev.ewallet.ledger.domain.error.InvalidRequestException;

/** Release at most {@code batchSize} holds whose {@code expiresAt} has passed. */
public record ExpireHoldsCommand(int batchSize) {

  public ExpireHoldsCommand {
    if (batchSize < 1 || batchSize > 10_000) {
      throw new InvalidRequestException("batch size must be 1 to 10000");
    }
  }
}
