package dev.ewallet.ledger.domain.checkpoint;

import dev.ewallet.ledger.domain.account.AccountId;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * Builds a checkpoint's Merkle sum tree from its leaves streamed in ascending account id, holding
 * one node per level (a binary counter), so a tree over millions of accounts is built in one
 * ordered scan and logarithmic memory. Leaves pair left to right; a level's last node without a
 * partner waits, and once every leaf is in the waiting nodes are joined from the right, each under
 * the one to its left. The tree is therefore fixed by the leaves and their order alone.
 *
 * <p>Given an account, the same pass records that account's proof: each sibling its path is joined
 * with, on the way up.
 */
public final class MerkleSumTree {

  /** A node waiting for a partner, the height of its subtree, and whether the traced leaf is in. */
  private record Waiting(SumNode node, int height, boolean traced) {}

  private final Deque<Waiting> waiting = new ArrayDeque<>();
  private final AccountId traced;
  private final List<SumProof.Step> path = new ArrayList<>();
  private AccountLeaf tracedLeaf;
  private AccountId last;
  private long leaves;

  private MerkleSumTree(AccountId traced) {
    this.traced = traced;
  }

  /** A tree that records no proof. */
  public static MerkleSumTree build() {
    return new MerkleSumTree(null);
  }

  /** A tree that records the proof of {@code account}'s leaf as it is built. */
  public static MerkleSumTree tracing(AccountId account) {
    return new MerkleSumTree(Objects.requireNonNull(account, "account"));
  }

  /**
   * Adds the next leaf.
   *
   * @throws IllegalArgumentException unless its account id is greater than the previous leaf's
   * @throws ArithmeticException when the balances' sum overflows
   */
  public MerkleSumTree add(AccountLeaf leaf) {
    if (last != null && leaf.account().compareTo(last) <= 0) {
      throw new IllegalArgumentException(
          "leaves come in ascending account id: " + leaf.account() + " after " + last);
    }
    last = leaf.account();
    leaves++;
    boolean isTraced = leaf.account().equals(traced);
    if (isTraced) {
      tracedLeaf = leaf;
    }
    Waiting node = new Waiting(leaf.node(), 0, isTraced);
    while (!waiting.isEmpty() && waiting.peek().height() == node.height()) {
      node = join(waiting.pop(), node);
    }
    waiting.push(node);
    return this;
  }

  /** How many leaves were added. */
  public long leaves() {
    return leaves;
  }

  /**
   * The root over every leaf added.
   *
   * @throws IllegalStateException when none was
   */
  public SumNode root() {
    return fold(new ArrayList<>()).node();
  }

  /**
   * The traced account's proof under {@link #root}; empty when the tree traces none or its leaf was
   * not added.
   */
  public Optional<SumProof> proof() {
    if (tracedLeaf == null) {
      return Optional.empty();
    }
    List<SumProof.Step> steps = new ArrayList<>(path);
    fold(steps);
    return Optional.of(new SumProof(tracedLeaf, steps));
  }

  /** The waiting nodes joined from the right, each under the one to its left; none is consumed. */
  private Waiting fold(List<SumProof.Step> steps) {
    if (waiting.isEmpty()) {
      throw new IllegalStateException("a tree without leaves has no root");
    }
    Deque<Waiting> left = new ArrayDeque<>(waiting);
    Waiting node = left.pop();
    while (!left.isEmpty()) {
      node = join(left.pop(), node, steps);
    }
    return node;
  }

  private Waiting join(Waiting left, Waiting right) {
    return join(left, right, path);
  }

  /** The node above two, noting the sibling in {@code steps} when the traced leaf is below. */
  private static Waiting join(Waiting left, Waiting right, List<SumProof.Step> steps) {
    if (left.traced()) {
      steps.add(new SumProof.Step(SumProof.Side.RIGHT, right.node()));
    } else if (right.traced()) {
      steps.add(new SumProof.Step(SumProof.Side.LEFT, left.node()));
    }
    return new Waiting(
        SumNode.parent(left.node(), right.node()),
        Math.max(left.height(), right.height()) + 1,
        left.traced() || right.traced());
  }
}
