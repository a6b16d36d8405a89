package dev.ewallet.ledger.domain.port.in;

import dev.ewallet.ledger.domain.error.InvalidRequestException;

/** Checks shared by the commands that carry an amount of minor units. */
final class CommandChecks {

  private CommandChecks() {}

  static long positiveAmount(long amountMinor) {
    if (amountMinor <= 0) {
      throw new InvalidRequestException("amount must be a positive integer, got " + amountMinor);
    }
    return amountMinor;
  }

  static <T> T present(T value, String field) {
    if (value == null) {
      throw new InvalidRequestException(field + " is required");
    }
    return value;
  }
}
