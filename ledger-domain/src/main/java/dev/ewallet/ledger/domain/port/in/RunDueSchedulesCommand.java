package dev.ewallet.ledger.domain.port.in;

import java.time.Instant;

/** Run the scheduled transfers due at {@code now}, at most {@code limit} of them. */
public record RunDueSchedulesCommand(Instant now, int limit) {

  public RunDueSchedulesCommand {
    CommandChecks.present(now, "now");
    if (limit < 1) {
      throw new IllegalArgumentException("limit " + limit);
    }
  }
}
