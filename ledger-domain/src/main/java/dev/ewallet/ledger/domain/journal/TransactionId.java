package dev.ewallet.ledger.domain.journal;

import dev.ewallet.ledger.domain.error.InvalidRequestException;
import java.util.Objects;
import java.util.UUID;

/** The identifier of a journal transaction, chosen by the ledger when it posts. */
public record TransactionId(UUID value) implements Comparable<TransactionId> {

  public TransactionId {
    Objects.requireNonNull(value, "value");
  }

  public static TransactionId random() {
    return new TransactionId(UUID.randomUUID());
  }

  public static TransactionId of(UUID value) {
    return new TransactionId(value);
  }

  /** Parses the canonical text form; anything else is an {@link InvalidRequestException}. */
  public static TransactionId parse(String text) {
    try {
      UUID uuid = UUID.fromString(text);
      if (!uuid.toString().equalsIgnoreCase(text)) {
        throw new IllegalArgumentException("not canonical");
      }
      return new TransactionId(uuid);
    } catch (IllegalArgumentException | NullPointerException malformed) {
      throw new InvalidRequestException("transaction id must be a UUID, got " + text);
    }
  }

  /** Orders as PostgreSQL orders {@code uuid}: byte by byte, unsigned. */
  @Override
  public int compareTo(TransactionId other) {
    int high =
        Long.compareUnsigned(value.getMostSignificantBits(), other.value.getMostSignificantBits());
    return high != 0
        ? high
        : Long.compareUnsigned(
            value.getLeastSignificantBits(), other.value.getLeastSignificantBits());
  }

  @Override
  public String toString() {
    return value.toString();
  }
}
