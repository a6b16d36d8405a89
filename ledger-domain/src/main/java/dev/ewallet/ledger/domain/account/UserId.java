package dev.ewallet.ledger.domain.account;

import dev.ewallet.ledger.domain.error.InvalidRequestException;

/** A user of the wallet product: the {@code sub} of their token, a positive 64-bit integer. */
public record UserId(long value) {

  public UserId {
    if (value <= 0) {
      throw new InvalidRequestException("user id must be positive, got " + value);
    }
  }

  public static UserId of(long value) {
    return new UserId(value);
  }

  @Override
  public String toString() {
    return Long.toString(value);
  }
}
