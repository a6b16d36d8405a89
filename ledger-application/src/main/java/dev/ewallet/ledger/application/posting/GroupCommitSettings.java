package dev.ewallet.ledger.application.posting;

import java.time.Duration;
import java.util.Objects;

/**
 * Group commit: requests queue up and writers post them many per database transaction. One writer
 * always runs; more start while requests wait longer than a transfer takes alone, up to {@code
 * maxWriters}, and stop again after {@code writerIdleTimeout} without work.
 *
 * @param maxBatch the most requests one database transaction carries (1 to 1,000)
 * @param maxWriters the most batches in flight at once, each on its own connection (1 to 8)
 * @param maxQueueWait how long a request may wait for a batch to take it before it is refused as
 *     overloaded (503), like a request that gets no pooled connection in time
 * @param maxResultWait how long a request waits for its outcome in all, queue included, before it
 *     is answered as unknown (503 OUTCOME_UNKNOWN); the request's own deadline, when shorter, wins
 * @param writerIdleTimeout how long a writer beyond the first waits for work before it stops
 */
public record GroupCommitSettings(
    int maxBatch,
    int maxWriters,
    Duration maxQueueWait,
    Duration maxResultWait,
    Duration writerIdleTimeout)
    implements PostingMode {

  public GroupCommitSettings {
    if (maxBatch < 1 || maxBatch > 1_000 || maxWriters < 1 || maxWriters > 8) {
      throw new IllegalArgumentException(
          "maxBatch 1 to 1000 and maxWriters 1 to 8, got " + maxBatch + "/" + maxWriters);
    }
    Objects.requireNonNull(maxQueueWait, "maxQueueWait");
    Objects.requireNonNull(maxResultWait, "maxResultWait");
    Objects.requireNonNull(writerIdleTimeout, "writerIdleTimeout");
    if (maxQueueWait.compareTo(maxResultWait) > 0) {
      throw new IllegalArgumentException(
          "maxQueueWait " + maxQueueWait + " exceeds maxResultWait " + maxResultWait);
    }
    if (!writerIdleTimeout.isPositive()) {
      throw new IllegalArgumentException("writerIdleTimeout must be positive");
    }
  }
}
