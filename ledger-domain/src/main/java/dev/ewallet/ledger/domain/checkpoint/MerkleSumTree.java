package dev.ewallet.ledger.domain.checkpoint;

import dev.ewallet.ledger.domain.account.AccountId;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * Builds a checkpoint's Merkle sum tree from its leaves streamed in ascending account id, holding
 * one node per level (a binary counter), so a tree over millions of accounts is built in one
 * ordered scan, in logarithmic memory beside one root per {@value #CHUNK_LEAVES} leaves. Leaves
 * pair left to right; a level's last node without a partner waits, and once every leaf is in the
 * waiting nodes are joined from the right, each under the one to its left, first within the last
 * chunk, then the chunks' roots (a full chunk is a complete subtree, so this is the same tree). It
 * is therefore fixed by the leaves and their order alone.
 *
 * <p>Given an account, the same pass records that account's proof: each sibling its path is joined
 * with, on the way up. The pass also notes the tree's {@linkplain #chunks chunks}, from which one
 * account's proof is rebuilt later without every leaf ({@link #proofFromChunks}).
 */
public final class MerkleSumTree {

  /** Leaves per chunk: a power of two, so a full chunk is a complete subtree. */
  public static final int CHUNK_LEAVES = 1024;

  private static final int CHUNK_HEIGHT = Integer.numberOfTrailingZeros(CHUNK_LEAVES);

  private final AccountId traced;
  private final List<TreeChunk> fullChunks = new ArrayList<>();

  /** The full chunks' roots, joined as leaves are joined. */
  private final NodeStack chunkRoots = new NodeStack();

  /** The leaves of the chunk being filled. */
  private NodeStack chunk = new NodeStack();

  private AccountLeaf tracedLeaf;
  private List<SumProof.Step> tracedInChunk;
  private AccountId chunkFirst;
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
    if (chunk.isEmpty()) {
      chunkFirst = leaf.account();
    }
    leaves++;
    boolean isTraced = leaf.account().equals(traced);
    if (isTraced) {
      tracedLeaf = leaf;
    }
    chunk.push(leaf.node(), isTraced);
    if (leaves % CHUNK_LEAVES == 0) {
      SumNode root = chunk.root();
      fullChunks.add(new TreeChunk(chunkFirst, last, root));
      chunkRoots.push(root, isTracedIn(chunk));
      chunk = new NodeStack();
    }
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
    return joined().root();
  }

  /**
   * The traced account's proof under {@link #root}; empty when the tree traces none or its leaf was
   * not added.
   */
  public Optional<SumProof> proof() {
    if (tracedLeaf == null) {
      return Optional.empty();
    }
    List<SumProof.Step> path =
        new ArrayList<>(tracedInChunk == null ? chunk.path() : tracedInChunk);
    path.addAll(joined().path());
    return Optional.of(new SumProof(tracedLeaf, path));
  }

  /**
   * The tree's leaves in runs of {@link #CHUNK_LEAVES}, the last one shorter unless the count is a
   * multiple, each with its subtree's root; joined as leaves are (the roots of full chunks are
   * complete subtrees), their roots give {@link #root}.
   */
  public List<TreeChunk> chunks() {
    List<TreeChunk> chunks = new ArrayList<>(fullChunks);
    if (!chunk.isEmpty()) {
      chunks.add(new TreeChunk(chunkFirst, last, chunk.root()));
    }
    return chunks;
  }

  /** Notes the traced leaf's path in a full chunk; whether the leaf is there. */
  private boolean isTracedIn(NodeStack full) {
    if (tracedLeaf == null || tracedInChunk != null) {
      return false;
    }
    tracedInChunk = full.path();
    return true;
  }

  /** The chunks' roots joined, the chunk being filled (if any) as the last. */
  private NodeStack joined() {
    if (chunk.isEmpty()) {
      return chunkRoots;
    }
    NodeStack all = chunkRoots.copy();
    all.push(chunk.root(), tracedLeaf != null && tracedInChunk == null);
    return all;
  }

  /**
   * The proof of an account's leaf rebuilt from its chunk's leaves and every chunk's root, as a
   * checkpoint keeps them: the same proof the whole tree gives.
   *
   * @param chunks the tree's chunks, in order
   * @param chunkLeaves the leaves of the chunk that covers {@code account}, in order
   * @return empty when no chunk's leaves include the account
   * @throws IllegalStateException when the leaves do not give their chunk's root: what was kept has
   *     changed since the checkpoint was signed
   */
  public static Optional<SumProof> proofFromChunks(
      List<TreeChunk> chunks, List<AccountLeaf> chunkLeaves, AccountId account) {
    int index = 0;
    while (index < chunks.size() && !chunks.get(index).covers(account)) {
      index++;
    }
    if (index == chunks.size()) {
      return Optional.empty();
    }
    MerkleSumTree chunk = tracing(account);
    chunkLeaves.forEach(chunk::add);
    Optional<SumProof> inChunk = chunk.proof();
    if (inChunk.isEmpty()) {
      return Optional.empty();
    }
    if (!chunk.root().equals(chunks.get(index).root())) {
      throw new IllegalStateException(
          "the leaves kept for the chunk of account " + account + " do not give its root");
    }
    NodeStack above = new NodeStack();
    for (int i = 0; i < chunks.size(); i++) {
      above.push(chunks.get(i).root(), i == index);
    }
    List<SumProof.Step> path = new ArrayList<>(inChunk.get().path());
    path.addAll(above.path());
    return Optional.of(new SumProof(inChunk.get().leaf(), path));
  }
}
