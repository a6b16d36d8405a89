package dev.ewallet.ledger.domain.checkpoint;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;

/**
 * The binary counter under {@link MerkleSumTree}: nodes pushed left to right, one waiting node per
 * height, two of a height joined at once, the rest joined from the right at the end. It follows one
 * traced node up and notes each sibling it is joined with.
 */
final class NodeStack {

  /** A node waiting for a partner, the height of its subtree, and whether the traced node is in. */
  private record Waiting(SumNode node, int height, boolean traced) {}

  private final Deque<Waiting> waiting = new ArrayDeque<>();
  private final List<SumProof.Step> path = new ArrayList<>();

  /** Pushes the next node, of height 0, joining it with every waiting node of its height. */
  void push(SumNode node, boolean traced) {
    Waiting next = new Waiting(node, 0, traced);
    while (!waiting.isEmpty() && waiting.peek().height() == next.height()) {
      next = join(waiting.pop(), next, path);
    }
    waiting.push(next);
  }

  boolean isEmpty() {
    return waiting.isEmpty();
  }

  /** A stack with the same waiting nodes and path, that goes on apart from this one. */
  NodeStack copy() {
    NodeStack copy = new NodeStack();
    copy.waiting.addAll(waiting);
    copy.path.addAll(path);
    return copy;
  }

  /** Every waiting node joined from the right: the root. */
  SumNode root() {
    return fold(new ArrayList<>());
  }

  /** The traced node's siblings from it up to {@link #root}. */
  List<SumProof.Step> path() {
    List<SumProof.Step> steps = new ArrayList<>(path);
    fold(steps);
    return steps;
  }

  private SumNode fold(List<SumProof.Step> steps) {
    if (waiting.isEmpty()) {
      throw new IllegalStateException("a tree without leaves has no root");
    }
    Waiting node = null;
    for (Waiting next : waiting) {
      node = node == null ? next : join(next, node, steps);
    }
    return node.node();
  }

  /** The node above two, noting the sibling in {@code steps} when the traced node is below. */
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
