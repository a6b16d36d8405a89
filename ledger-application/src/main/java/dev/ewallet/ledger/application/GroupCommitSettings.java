package dev.ewallet.ledger.application;

import java.time.Duration;

/**
 * Whether transfers are posted many per database transaction, and how.
 *
 * @param enabled off: one database transaction per transfer
 * @param maxBatch the most transfers one database transaction carries (1 to 1,000)
 * @param writers how many batches may be in flight at once, each on its own connection (1 to 8)
 * @param maxQueueWait how long a transfer may wait for a batch to take it before it is refused as
 *     overloaded (503), like a request that gets no pooled connection in time
 */
public record GroupCommitSettings(
    boolean enabled, int maxBatch, int writers, Duration maxQueueWait) {

  public static final GroupCommitSettings OFF =
      new GroupCommitSettings(false, 1, 1, Duration.ofMillis(500));

  public GroupCommitSettings {
    if (maxBatch < 1 || maxBatch > 1_000 || writers < 1 || writers > 8) {
      throw new IllegalArgumentException(
          "maxBatch 1 to 1000 and writers 1 to 8, got " + maxBatch + "/" + writers);
    }
  }
}
