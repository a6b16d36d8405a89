package dev.ewallet.ledger.domain.port.in;

import dev.ewallet.ledger.domain.checkpoint.SignedCheckpoint;

/** Signed checkpoints of the books (docs/proofs.md). */
public interface MakeCheckpointUseCase {

  /**
   * Checks the books (every account's balance against its entries, every hash chain, and the
   * journal against what the newest checkpoint signed), then builds, signs and keeps a checkpoint
   * of one snapshot of them, and publishes it through the outbox.
   *
   * @throws dev.ewallet.ledger.domain.error.AccessDeniedException for a caller who is no operator
   * @throws dev.ewallet.ledger.domain.error.CheckpointRefusedException when the books do not hold
   */
  SignedCheckpoint makeCheckpoint(MakeCheckpointCommand command);
}
