package dev.ewallet.ledger.domain.checkpoint;

import java.nio.ByteBuffer;
import java.util.Objects;

/**
 * A node of a checkpoint's Merkle sum tree: its hash and the sum of the balances of the accounts
 * below it. An inner node's hash covers both children's hashes and sums, so a proof that shows an
 * account's leaf under a root also shows that its balance is counted in the root's sum.
 *
 * <p>An inner node hashes 81 bytes (version 1): the byte {@code 0x01}, then the left child's hash
 * (32) and sum (8, signed, big-endian), then the right child's. A leaf hashes a different first
 * byte ({@link AccountLeaf}), so no leaf can pass for an inner node.
 *
 * @param sumMinor never negative: no customer account owes the business
 */
public record SumNode(NodeHash hash, long sumMinor) {

  static final byte INNER = 0x01;

  public SumNode {
    Objects.requireNonNull(hash, "hash");
    if (sumMinor < 0) {
      throw new IllegalArgumentException("a sum node holds a negative sum: " + sumMinor);
    }
  }

  /**
   * The node above {@code left} and {@code right}.
   *
   * @throws ArithmeticException when the sum overflows
   */
  public static SumNode parent(SumNode left, SumNode right) {
    ByteBuffer bytes =
        ByteBuffer.allocate(1 + 2 * (NodeHash.BYTES + Long.BYTES))
            .put(INNER)
            .put(left.hash.bytes())
            .putLong(left.sumMinor)
            .put(right.hash.bytes())
            .putLong(right.sumMinor);
    return new SumNode(
        NodeHash.sha256(bytes.array()), Math.addExact(left.sumMinor, right.sumMinor));
  }
}
