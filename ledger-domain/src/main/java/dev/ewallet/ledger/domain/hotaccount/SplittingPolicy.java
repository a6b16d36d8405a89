package dev.ewallet.ledger.domain.hotaccount;

import dev.ewallet.ledger.domain.error.InvalidRequestException;
import java.util.Arrays;

/** Whether the ledger may split a merchant into shards by itself, as an operator set it. */
public enum SplittingPolicy {
  /** The default: split when a row of the merchant is measured hot. */
  AUTOMATIC,
  /** Never split by the ledger; an operator may still resize it. */
  FORBIDDEN,
  /** Split by an operator to a shard count the ledger keeps: never changed by the ledger. */
  PINNED;

  /**
   * The policy of this name.
   *
   * @throws InvalidRequestException for any other name
   */
  public static SplittingPolicy fromWire(String name) {
    return Arrays.stream(values())
        .filter(policy -> policy.name().equals(name))
        .findFirst()
        .orElseThrow(() ->
            new InvalidRequestException(
                "splitting must be one of " + Arrays.toString(values()) + ", got " + name));
  }
}
