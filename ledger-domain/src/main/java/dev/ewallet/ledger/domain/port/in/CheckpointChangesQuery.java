package dev.ewallet.ledger.domain.port.in;

import dev.ewallet.ledger.domain.checkpoint.ChangeSink;
import java.util.UUID;

/**
 * What moved between a checkpoint and the one before (operators and auditors): with it, anyone
 * holding both signed checkpoints checks that the totals changed only by the journal between them.
 */
public interface CheckpointChangesQuery {

  /**
   * Streams the changed accounts and their entries to {@code sink}.
   *
   * @throws dev.ewallet.ledger.domain.error.AccessDeniedException for a caller who is no operator
   * @throws dev.ewallet.ledger.domain.error.CheckpointNotFoundException for no such checkpoint
   */
  void checkpointChanges(Caller caller, UUID id, ChangeSink sink);
}
