package dev.ewallet.ledger.domain.port.out;

import dev.ewallet.ledger.domain.outbox.TraceContext;
import java.util.List;
import java.util.function.Supplier;

/**
 * Ties posting to the callers' traces. A request's trace is read when it is handed to posting, on
 * the caller's thread, and travels with its events through the outbox; a group-commit batch, which
 * runs on a writer's thread for many callers at once, runs in a span of its own linked to the trace
 * of every request it carries, so each request's trace leads to the batch (and its statements) that
 * posted it.
 */
public interface PostingTracing {

  /**
   * The calling thread's trace.
   *
   * @return never {@code null}; {@link TraceContext#NONE} when nothing traces the caller
   */
  TraceContext current();

  /**
   * Runs a batch in a span linked to the traces of the requests it carries.
   *
   * @param carried one per caller whose requests the batch carries (a caller's batch of transfers
   *     is one), {@link TraceContext#NONE} for untraced ones; never {@code null}
   * @param batch the batch's work, run on the calling thread
   * @return what {@code batch} returns; what it throws propagates
   */
  default <T> T inBatch(List<TraceContext> carried, Supplier<T> batch) {
    return batch.get();
  }

  /** No tracing: every request's trace is {@link TraceContext#NONE}, batches run as they are. */
  static PostingTracing none() {
    return () -> TraceContext.NONE;
  }
}
