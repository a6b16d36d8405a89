package dev.ewallet.ledger.domain.checkpoint;

import java.util.List;
import java.util.Objects;

/**
 * That an account's leaf is under a root: the leaf and, from it up, each sibling it was combined
 * with. Whoever holds it recomputes the root's hash and sum ({@link #root}) and compares them with
 * a signed checkpoint's; the path shows the sums of the subtrees beside the account's, never
 * another account's balance unless its leaf is a sibling (docs/proofs.md).
 */
public record SumProof(AccountLeaf leaf, List<Step> path) {

  /** Where the sibling stands beside the node on the way up. */
  public enum Side {
    LEFT,
    RIGHT
  }

  /** One level up: the sibling node and its side. */
  public record Step(Side side, SumNode sibling) {

    public Step {
      Objects.requireNonNull(side, "side");
      Objects.requireNonNull(sibling, "sibling");
    }
  }

  public SumProof {
    Objects.requireNonNull(leaf, "leaf");
    path = List.copyOf(path);
  }

  /**
   * The root the leaf and the path give.
   *
   * @throws ArithmeticException when the sums overflow: no honest tree has such a path
   */
  public SumNode root() {
    SumNode node = leaf.node();
    for (Step step : path) {
      node =
          step.side() == Side.LEFT
              ? SumNode.parent(step.sibling(), node)
              : SumNode.parent(node, step.sibling());
    }
    return node;
  }

  /** Whether the leaf is under {@code root}: the same hash and the same sum. */
  public boolean provesUnder(SumNode root) {
    try {
      return root().equals(root);
    } catch (ArithmeticException overflow) {
      return false;
    }
  }
}
