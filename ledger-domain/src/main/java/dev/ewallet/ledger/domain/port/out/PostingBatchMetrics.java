package dev.ewallet.ledger.domain.port.out;

/** Where the group-commit engine reports each batch, for metrics. */
public interface PostingBatchMetrics {

  /**
   * @param size how many transfers the batch carried
   * @param queueWaitNanos how long its oldest transfer waited to be taken
   * @param batchNanos how long the batch's database transaction took, commit included
   */
  void recordBatch(int size, long queueWaitNanos, long batchNanos);
}
