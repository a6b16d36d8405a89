package dev.ewallet.ledger.domain.port.in;

import dev.ewallet.ledger.domain.error.InvalidRequestException;

/** Erase the personal data of user {@code userId}: an operator's action. */
public record EraseUserDataCommand(Caller caller, long userId) {

  public EraseUserDataCommand {
    CommandChecks.present(caller, "caller");
    if (userId < 1) {
      throw new InvalidRequestException("user id must be positive, got " + userId);
    }
  }
}
