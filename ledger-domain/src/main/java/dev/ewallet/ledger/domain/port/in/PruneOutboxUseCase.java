package dev.ewallet.ledger.domain.port.in;

/** Keeps the outbox table bounded by deleting rows published long enough ago. */
public interface PruneOutboxUseCase {

  /**
   * Deletes published rows older than the command's retention, in bounded batches.
   *
   * @param command never {@code null}
   * @return how many rows were deleted
   */
  int prune(PruneOutboxCommand command);
}
