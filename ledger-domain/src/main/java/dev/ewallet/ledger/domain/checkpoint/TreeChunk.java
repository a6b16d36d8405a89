package dev.ewallet.ledger.domain.checkpoint;

import dev.ewallet.ledger.domain.account.AccountId;
import java.util.Objects;

/**
 * A run of {@link MerkleSumTree#CHUNK_LEAVES} consecutive leaves (fewer in a tree's last chunk) and
 * the root of their subtree. A checkpoint keeps its trees' chunks, so that one account's proof is
 * rebuilt from its chunk's leaves and the chunks' roots, not from every leaf.
 *
 * @param first the first leaf's account
 * @param last the last leaf's account
 */
public record TreeChunk(AccountId first, AccountId last, SumNode root) {

  public TreeChunk {
    Objects.requireNonNull(first, "first");
    Objects.requireNonNull(last, "last");
    Objects.requireNonNull(root, "root");
    if (first.compareTo(last) > 0) {
      throw new IllegalArgumentException("a chunk runs from " + first + " up, not to " + last);
    }
  }

  /** Whether the account's leaf, if any, is in this chunk. */
  public boolean covers(AccountId account) {
    return first.compareTo(account) <= 0 && account.compareTo(last) <= 0;
  }
}
