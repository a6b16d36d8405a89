package dev.ewallet.ledger.domain.port.in;

import dev.ewallet.ledger.domain.error.InvalidRequestException;

/** Relay at most {@code batchSize} waiting events. */
public record RelayOutboxCommand(int batchSize) {

  public static final int MAX_BATCH_SIZE = 10_000;

  public RelayOutboxCommand {
    if (batchSize < 1 || batchSize > MAX_BATCH_SIZE) {
      throw new InvalidRequestException("batch size must be 1 to " + MAX_BATCH_SIZE);
    }
  }
}
