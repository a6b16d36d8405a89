package dev.ewallet.ledger.domain.journal;

/**
 * The client's key that makes a money-moving request safe to resend: 1 to 255 printable ASCII
 * characters, unique per caller.
 */
public record IdempotencyKey(String value) {

  public static final int MAX_LENGTH = 255;

  public IdempotencyKey {
    if (!isWellFormed(value)) {
      throw new IllegalArgumentException("malformed idempotency key");
    }
  }

  public static IdempotencyKey of(String value) {
    return new IdempotencyKey(value);
  }

  /** Whether {@code value} is 1 to 255 characters, each printable ASCII (0x20 to 0x7E). */
  public static boolean isWellFormed(String value) {
    if (value == null || value.isEmpty() || value.length() > MAX_LENGTH) {
      return false;
    }
    return value.chars().allMatch(c -> c >= 0x20 && c <= 0x7E);
  }

  @Override
  public String toString() {
    return value;
  }
}
