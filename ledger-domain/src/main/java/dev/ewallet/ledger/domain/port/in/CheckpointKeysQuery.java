package dev.ewallet.ledger.domain.port.in;

import dev.ewallet.ledger.domain.checkpoint.CheckpointKey;
import java.util.List;

/** The public keys checkpoints verify with, the signing one's and the retired ones'. */
public interface CheckpointKeysQuery {

  /** Oldest first. */
  List<CheckpointKey> checkpointKeys(Caller caller);
}
