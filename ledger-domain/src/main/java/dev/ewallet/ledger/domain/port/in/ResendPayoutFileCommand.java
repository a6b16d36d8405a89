package dev.ewallet.ledger.domain.port.in;

import dev.ewallet.ledger.domain.error.InvalidRequestException;

/** Write a recorded payment file again, the same bytes, after the first was lost (operators). */
public record ResendPayoutFileCommand(Caller caller, String fileId) {

  public ResendPayoutFileCommand {
    CommandChecks.present(caller, "caller");
    if (fileId == null || fileId.isBlank() || fileId.length() > 35) {
      throw new InvalidRequestException("a payout file id is 1 to 35 characters");
    }
  }
}
