package dev.ewallet.ledger.domain.port.in;

import dev.ewallet.ledger.domain.checkpoint.SignedCheckpoint;
import java.util.UUID;

/** One signed checkpoint by its id. */
public interface CheckpointQuery {

  /**
   * @throws dev.ewallet.ledger.domain.error.CheckpointNotFoundException for no such checkpoint
   */
  SignedCheckpoint checkpoint(Caller caller, UUID id);
}
