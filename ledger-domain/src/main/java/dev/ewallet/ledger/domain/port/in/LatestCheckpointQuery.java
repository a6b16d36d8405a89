package dev.ewallet.ledger.domain.port.in;

import dev.ewallet.ledger.domain.checkpoint.SignedCheckpoint;

/** The newest signed checkpoint. */
public interface LatestCheckpointQuery {

  /**
   * @throws dev.ewallet.ledger.domain.error.CheckpointNotFoundException before the first
   */
  SignedCheckpoint latestCheckpoint(Caller caller);
}
