package dev.ewallet.ledger.domain.checkpoint;

import dev.ewallet.ledger.domain.journal.LedgerEntry;

/**
 * Receives what moved between a checkpoint and the one before it, streamed: each account whose leaf
 * changed, in ascending account id, each followed by its entries between the two leaves in its
 * chain's order. Summed over the accounts, the leaves' changes are the change in the checkpoints'
 * totals (docs/proofs.md).
 */
public interface ChangeSink {

  /**
   * First, once.
   *
   * @param previous the checkpoint before, or {@code null} for the first
   */
  void start(SignedCheckpoint checkpoint, SignedCheckpoint previous);

  void account(LeafChange change);

  void entry(LedgerEntry entry);
}
