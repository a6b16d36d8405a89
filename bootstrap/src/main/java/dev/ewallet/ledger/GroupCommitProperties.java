package dev.ewallet.ledger;

import dev.ewallet.ledger.application.posting.GroupCommitSettings;
import dev.ewallet.ledger.application.posting.PostingMode;
import dev.ewallet.ledger.runtime.TimeoutBudget;
import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * The group-commit engine ({@code ledger.posting.group-commit.*}): many transfers, deposits,
 * withdrawals and holds per database transaction. ADR 0009 and docs/benchmarks/log.md say when it
 * pays.
 */
@ConfigurationProperties("ledger.posting.group-commit")
record GroupCommitProperties(
    @DefaultValue("true") boolean enabled,
    @DefaultValue("64") int maxBatch,
    @DefaultValue("2") int maxWriters,
    @DefaultValue("PT0.5S") Duration maxQueueWait,
    @DefaultValue("PT1S") Duration writerIdleTimeout) {

  /**
   * Group commit when enabled, else inline posting. A request waits for its batch no longer than
   * the request's own work may take.
   */
  PostingMode mode(TimeoutBudget budget) {
    return enabled
        ? new GroupCommitSettings(
            maxBatch, maxWriters, maxQueueWait, budget.work(), writerIdleTimeout)
        : PostingMode.INLINE;
  }
}
