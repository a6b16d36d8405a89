package dev.ewallet.ledger.domain.account;

import dev.ewallet.ledger.domain.error.InvalidRequestException;

/** How many shards a merchant may have, whoever opens them: its operator or the ledger itself. */
public final class MerchantShards {

  /** The most shards one merchant may have. */
  public static final int MAX = 256;

  private MerchantShards() {}

  /**
   * Checks a shard count an operator asked for.
   *
   * @throws InvalidRequestException unless it is 1 to {@value #MAX}
   */
  public static int requireCount(int shards) {
    if (shards < 1 || shards > MAX) {
      throw new InvalidRequestException("shards must be 1 to " + MAX + ", got " + shards);
    }
    return shards;
  }
}
