package dev.ewallet.ledger.adapter.persistence.reads;

import dev.ewallet.ledger.adapter.persistence.CoalescedStatements;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * Balance reads answered together ({@code ledger.reads.batching.*}, {@link CoalescedStatements}).
 *
 * @param enabled whether concurrent reads of accounts share statements; off, each read is a
 *     statement of its own
 * @param maxBatch the most accounts one statement reads
 * @param maxInFlight how many such statements may run at once
 */
@ConfigurationProperties("ledger.reads.batching")
record ReadBatchingProperties(
    @DefaultValue("true") boolean enabled,
    @DefaultValue("64") int maxBatch,
    @DefaultValue("2") int maxInFlight) {

  /** Off: every read runs its own statement. */
  static final ReadBatchingProperties OFF = new ReadBatchingProperties(false, 1, 1);
}
