package dev.ewallet.ledger.domain.port.in;

import dev.ewallet.ledger.domain.error.InvalidRequestException;

/** Checks shared by the commands: amounts of minor units, required fields, operators' reasons. */
final class CommandChecks {

  /** The longest reason an operator may give for a reversal, a refund or a freeze. */
  static final int MAX_REASON_LENGTH = 500;

  private CommandChecks() {}

  /** An operator's reason: {@code null}, or at most {@link #MAX_REASON_LENGTH} characters. */
  static String reason(String reason) {
    if (reason != null && reason.length() > MAX_REASON_LENGTH) {
      throw new InvalidRequestException(
          "reason takes at most " + MAX_REASON_LENGTH + " characters");
    }
    return reason;
  }

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
