package dev.ewallet.ledger.domain.account;

import dev.ewallet.ledger.domain.error.InvalidRequestException;

/** The ledger's identifier of an account: a positive 64-bit integer assigned by storage. */
public record AccountId(long value) implements Comparable<AccountId> {

  public AccountId {
    if (value <= 0) {
      throw new InvalidRequestException("account id must be positive, got " + value);
    }
  }

  public static AccountId of(long value) {
    return new AccountId(value);
  }

  @Override
  public int compareTo(AccountId other) {
    return Long.compare(value, other.value);
  }

  @Override
  public String toString() {
    return Long.toString(value);
  }
}
