package dev.ewallet.ledger.domain.port.in;

import java.util.Objects;

/** Make a signed checkpoint of the books now: an operator's request, or the scheduled job. */
public record MakeCheckpointCommand(Caller caller) {

  public MakeCheckpointCommand {
    Objects.requireNonNull(caller, "caller");
  }
}
