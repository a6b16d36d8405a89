package dev.ewallet.ledger.domain.checkpoint;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ewallet.ledger.domain.account.AccountId;
import dev.ewallet.ledger.domain.account.EntryHash;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;

class MerkleSumTreeTest {

  private static AccountLeaf leaf(long id, long balance) {
    return new AccountLeaf(AccountId.of(id), balance, balance / 10, EntryHash.GENESIS, id * 3);
  }

  private static List<AccountLeaf> leaves(int count) {
    return LongStream.rangeClosed(1, count).mapToObj(id -> leaf(id * 2, id * 100)).toList();
  }

  private static MerkleSumTree tree(List<AccountLeaf> leaves, AccountId traced) {
    MerkleSumTree tree = traced == null ? MerkleSumTree.build() : MerkleSumTree.tracing(traced);
    leaves.forEach(tree::add);
    return tree;
  }

  @Test
  void everyAccountsProofLeadsToTheRootAndTheRootSumsEveryBalance() {
    for (int count : new int[] {1, 2, 3, 5, 8, 13, 100}) {
      List<AccountLeaf> leaves = leaves(count);
      SumNode root = tree(leaves, null).root();
      assertThat(root.sumMinor())
          .isEqualTo(leaves.stream().mapToLong(AccountLeaf::balanceMinor).sum());
      for (AccountLeaf leaf : leaves) {
        SumProof proof = tree(leaves, leaf.account()).proof().orElseThrow();
        assertThat(proof.leaf()).isEqualTo(leaf);
        assertThat(proof.provesUnder(root)).as("leaf %s of %s", leaf.account(), count).isTrue();
        assertThat(proof.path().size()).isLessThanOrEqualTo(64 - Long.numberOfLeadingZeros(count));
      }
    }
  }

  @Test
  void chunksJoinToTheRootAndRebuildEveryProof() {
    for (int count : new int[] {1, 1023, 1024, 1025, 3 * 1024, 5 * 1024 + 7}) {
      List<AccountLeaf> leaves = leaves(count);
      MerkleSumTree whole = tree(leaves, null);
      List<TreeChunk> chunks = whole.chunks();
      assertThat(chunks).hasSize((count + 1023) / 1024);
      for (AccountLeaf leaf : List.of(leaves.getFirst(), leaves.get(count / 2), leaves.getLast())) {
        int index = leaves.indexOf(leaf) / MerkleSumTree.CHUNK_LEAVES;
        List<AccountLeaf> chunkLeaves =
            leaves.subList(
                index * MerkleSumTree.CHUNK_LEAVES,
                Math.min(count, (index + 1) * MerkleSumTree.CHUNK_LEAVES));
        SumProof rebuilt =
            MerkleSumTree.proofFromChunks(chunks, chunkLeaves, leaf.account()).orElseThrow();
        assertThat(rebuilt)
            .as("leaf %s of %s", leaf.account(), count)
            .isEqualTo(tree(leaves, leaf.account()).proof().orElseThrow());
        assertThat(rebuilt.provesUnder(whole.root())).isTrue();
      }
    }
  }

  /** The tree as docs/proofs.md states it, built the plain way, for counts around chunk edges. */
  @Test
  void theChunkedTreeIsTheTreeTheDocsDescribe() {
    for (int count : new int[] {1, 3, 1024, 1025, 2047, 2048, 3 * 1024 + 1}) {
      List<AccountLeaf> leaves = leaves(count);
      assertThat(tree(leaves, null).root()).as("%s leaves", count).isEqualTo(plainRoot(leaves));
    }
  }

  /** Leaves paired left to right, a level's odd node waits; the waiting joined from the right. */
  private static SumNode plainRoot(List<AccountLeaf> leaves) {
    List<SumNode> nodes = new ArrayList<>();
    List<Integer> heights = new ArrayList<>();
    for (AccountLeaf leaf : leaves) {
      SumNode node = leaf.node();
      int height = 0;
      while (!heights.isEmpty() && heights.getLast() == height) {
        heights.removeLast();
        node = SumNode.parent(nodes.removeLast(), node);
        height++;
      }
      nodes.add(node);
      heights.add(height);
    }
    SumNode root = nodes.removeLast();
    while (!nodes.isEmpty()) {
      root = SumNode.parent(nodes.removeLast(), root);
    }
    return root;
  }

  @Test
  void aChunkWhoseKeptLeavesChangedGivesNoProof() {
    List<AccountLeaf> leaves = leaves(1500);
    List<TreeChunk> chunks = tree(leaves, null).chunks();
    List<AccountLeaf> kept = new ArrayList<>(leaves.subList(1024, 1500));
    AccountLeaf first = kept.getFirst();
    kept.set(0, leaf(first.account().value(), first.balanceMinor() + 1));
    assertThatThrownBy(
            () -> MerkleSumTree.proofFromChunks(chunks, kept, leaves.get(1400).account()))
        .isInstanceOf(IllegalStateException.class);
    assertThat(MerkleSumTree.proofFromChunks(chunks, kept, AccountId.of(1))).isEmpty();
  }

  @Test
  void theRootDependsOnEveryLeafsStateAndOrder() {
    List<AccountLeaf> leaves = leaves(7);
    SumNode root = tree(leaves, null).root();
    List<AccountLeaf> changed = new ArrayList<>(leaves);
    AccountLeaf third = leaves.get(2);
    changed.set(
        2,
        new AccountLeaf(
            third.account(),
            third.balanceMinor(),
            third.heldMinor() + 1,
            third.chainHead(),
            third.lastEntryId()));
    assertThat(tree(changed, null).root()).isNotEqualTo(root);
    assertThat(tree(changed, null).root().sumMinor()).isEqualTo(root.sumMinor());
  }

  @Test
  void aProofOfAnAlteredLeafOrAnInflatedSiblingFails() {
    List<AccountLeaf> leaves = leaves(9);
    SumNode root = tree(leaves, null).root();
    SumProof proof = tree(leaves, leaves.get(4).account()).proof().orElseThrow();

    AccountLeaf honest = proof.leaf();
    SumProof richer =
        new SumProof(
            new AccountLeaf(
                honest.account(),
                honest.balanceMinor() + 1,
                honest.heldMinor(),
                honest.chainHead(),
                honest.lastEntryId()),
            proof.path());
    assertThat(richer.provesUnder(root)).isFalse();

    List<SumProof.Step> path = new ArrayList<>(proof.path());
    SumProof.Step first = path.getFirst();
    path.set(
        0,
        new SumProof.Step(
            first.side(), new SumNode(first.sibling().hash(), first.sibling().sumMinor() - 1)));
    assertThat(new SumProof(honest, path).provesUnder(root)).isFalse();
  }

  @Test
  void leavesComeInAscendingAccountIdAndNeverOweTheBusiness() {
    MerkleSumTree tree = MerkleSumTree.build().add(leaf(5, 1));
    assertThatThrownBy(() -> tree.add(leaf(5, 1))).isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> tree.add(leaf(4, 1))).isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> leaf(6, -1)).isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> MerkleSumTree.build().root())
        .isInstanceOf(IllegalStateException.class);
    assertThat(MerkleSumTree.tracing(AccountId.of(99)).add(leaf(5, 1)).proof()).isEmpty();
  }

  @Test
  void aSumThatOverflowsIsAnError() {
    MerkleSumTree tree = MerkleSumTree.build().add(leaf(1, Long.MAX_VALUE));
    assertThatThrownBy(() -> tree.add(leaf(2, 1))).isInstanceOf(ArithmeticException.class);
  }

  /**
   * A fixed vector for other implementations of the verifier, computed apart from this code: {@code
   * printf '00%016x%016x%016x%064d%016x' 1 100 10 0 3 | xxd -r -p | sha256sum}.
   */
  @Test
  void aLeafHashesItsVersionOneBytes() {
    assertThat(leaf(1, 100).node().hash().hex())
        .isEqualTo("d7c838cd0b840f6391d0d0dac3317d4d9d61081c6136bc22e07651e667daab88");
  }
}
