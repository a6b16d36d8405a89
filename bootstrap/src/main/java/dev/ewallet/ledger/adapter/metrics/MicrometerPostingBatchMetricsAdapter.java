package dev.ewallet.ledger.adapter.metrics;

import dev.ewallet.ledger.domain.port.out.PostingBatchMetrics;
import io.micrometer.core.instrument.DistributionSummary;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import java.util.concurrent.TimeUnit;
import org.springframework.stereotype.Component;

/**
 * The group-commit engine's batches as metrics: {@code ledger.posting.batch.size}, {@code
 * ledger.posting.batch.queue.wait} and {@code ledger.posting.batch.duration}.
 */
@Component
class MicrometerPostingBatchMetricsAdapter implements PostingBatchMetrics {

  private final DistributionSummary size;
  private final Timer queueWait;
  private final Timer duration;

  MicrometerPostingBatchMetricsAdapter(MeterRegistry registry) {
    this.size =
        DistributionSummary.builder("ledger.posting.batch.size")
            .description("Transfers per group-commit batch")
            .publishPercentiles(0.5, 0.99)
            .register(registry);
    this.queueWait =
        Timer.builder("ledger.posting.batch.queue.wait")
            .description("How long a batch's oldest transfer waited to be taken")
            .publishPercentiles(0.5, 0.99)
            .register(registry);
    this.duration =
        Timer.builder("ledger.posting.batch.duration")
            .description("A group-commit batch's database transaction, commit included")
            .publishPercentiles(0.5, 0.99)
            .register(registry);
  }

  @Override
  public void recordBatch(int transfers, long queueWaitNanos, long batchNanos) {
    size.record(transfers);
    queueWait.record(queueWaitNanos, TimeUnit.NANOSECONDS);
    duration.record(batchNanos, TimeUnit.NANOSECONDS);
  }
}
