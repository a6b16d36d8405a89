package dev.ewallet.ledger.domain.port.in;

/** Keeps the delivery tables bounded: finished deliveries are kept for a retention period. */
public interface PruneWebhookDeliveriesUseCase {

  /**
   * Deletes deliveries delivered or failed for good before the retention, with their attempts, in
   * bounded slices. Pending ones are never deleted.
   *
   * @return how many deliveries were deleted
   */
  int prune(PruneWebhookDeliveriesCommand command);
}
