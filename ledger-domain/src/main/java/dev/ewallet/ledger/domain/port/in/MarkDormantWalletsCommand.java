package dev.ewallet.ledger.domain.port.in;

import java.time.Instant;

/**
 * Turn dormant the active user wallets, among ids {@code fromId} to {@code toId}, whose owner did
 * nothing with them since {@code inactiveSince} (and that were opened before it).
 */
public record MarkDormantWalletsCommand(Instant inactiveSince, long fromId, long toId) {

  public MarkDormantWalletsCommand {
    CommandChecks.present(inactiveSince, "inactiveSince");
    if (fromId < 1 || toId < fromId) {
      throw new IllegalArgumentException("ids " + fromId + " to " + toId);
    }
  }
}
