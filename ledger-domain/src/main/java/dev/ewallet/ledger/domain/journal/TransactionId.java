package dev.ewallet.ledger.domain.journal;

import dev.ewallet.ledger.domain.error.InvalidRequestException;
import java.util.Objects;
import java.util.UUID;

/** The identifier of a journal transaction, chosen by the ledger when it posts. */
public record TransactionId(UUID value) {

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

  @Override
  public String toString() {
    return value.toString();
  }
}
