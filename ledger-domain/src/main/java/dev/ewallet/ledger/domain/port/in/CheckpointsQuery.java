package dev.ewallet.ledger.domain.port.in;

import dev.ewallet.ledger.domain.checkpoint.SignedCheckpoint;
import java.time.Instant;
import java.util.List;

/** Signed checkpoints, which every caller may read and keep a copy of. */
public interface CheckpointsQuery {

  /**
   * @param from the earliest time made, inclusive; {@code null} for the first
   * @param to the latest time made, exclusive; {@code null} for now
   * @param limit the most checkpoints, 1 to 100, oldest first
   */
  List<SignedCheckpoint> checkpoints(Caller caller, Instant from, Instant to, int limit);
}
