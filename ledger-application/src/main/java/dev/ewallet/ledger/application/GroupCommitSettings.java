package dev.ewallet.ledger.application;

import java.time.Duration;
import java.util.Objects;

/**
 * Group commit: requests queue up and writers post them many per database transaction.
 *
 * @param maxBatch the most requests one database transaction carries (1 to 1,000)
 * @param writers how many batches may be in flight at once, each on its own connection (1 to 8)
 * @param maxQueueWait how long a request may wait for a batch to take it before it is refused as
 *     overloaded (503), like a request that gets no pooled connection in time
 * @param maxResultWait how long a request waits for its outcome in all, queue included, before it
 *     is answered as unknown (503 OUTCOME_UNKNOWN); the request's own deadline, when shorter, wins
 */
public record GroupCommitSettings(
    int maxBatch, int writers, Duration maxQueueWait, Duration maxResultWait)
    implements PostingMode {

  public GroupCommitSettings {
    if (maxBatch < 1 || maxBatch > 1_000 || writers < 1 || writers > 8) {
      throw new IllegalArgumentException(
          "maxBatch 1 to 1000 and writers 1 to 8, got " + maxBatch + "/" + writers);
    }
    Objects.requireNonNull(maxQueueWait, "maxQueueWait");
    Objects.requireNonNull(maxResultWait, "maxResultWait");
    if (maxQueueWait.compareTo(maxResultWait) > 0) {
      throw new IllegalArgumentException(
          "maxQueueWait " + maxQueueWait + " exceeds maxResultWait " + maxResultWait);
    }
  }
}
