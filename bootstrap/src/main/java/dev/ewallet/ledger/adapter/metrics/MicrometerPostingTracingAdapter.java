package dev.ewallet.ledger.adapter.metrics;

import dev.ewallet.ledger.domain.outbox.TraceContext;
import dev.ewallet.ledger.domain.port.out.PostingTracing;
import io.micrometer.tracing.Link;
import io.micrometer.tracing.Span;
import io.micrometer.tracing.Tracer;
import java.util.List;
import java.util.function.Supplier;
import org.springframework.stereotype.Component;

/**
 * Posting in Micrometer Tracing's terms: a request's trace is the current span's context, and a
 * group-commit batch is a span {@value #BATCH_SPAN} of its own (a root: it belongs to no one
 * request), linked to the span of every request it carries. The batch's database statements run in
 * its scope, so they are its children. With tracing off the tracer is a no-op, and so is this.
 */
@Component
class MicrometerPostingTracingAdapter implements PostingTracing {

  static final String BATCH_SPAN = "ledger.posting.batch";

  private final Tracer tracer;

  MicrometerPostingTracingAdapter(Tracer tracer) {
    this.tracer = tracer;
  }

  @Override
  public TraceContext current() {
    Span span = tracer.currentSpan();
    if (span == null || span.isNoop()) {
      return TraceContext.NONE;
    }
    io.micrometer.tracing.TraceContext context = span.context();
    return new TraceContext(
        context.traceId(), context.spanId(), Boolean.TRUE.equals(context.sampled()));
  }

  @Override
  public <T> T inBatch(List<TraceContext> carried, Supplier<T> batch) {
    Span.Builder builder =
        tracer
            .spanBuilder()
            .name(BATCH_SPAN)
            .setNoParent()
            .tag("ledger.batch.groups", carried.size());
    for (TraceContext request : carried) {
      if (!request.isNone()) {
        builder.addLink(new Link(micrometer(request)));
      }
    }
    Span span = builder.start();
    try (Tracer.SpanInScope scope = tracer.withSpan(span)) {
      return batch.get();
    } catch (RuntimeException | Error failure) {
      span.error(failure);
      throw failure;
    } finally {
      span.end();
    }
  }

  private io.micrometer.tracing.TraceContext micrometer(TraceContext request) {
    return tracer
        .traceContextBuilder()
        .traceId(request.traceId())
        .spanId(request.spanId())
        .sampled(request.sampled())
        .build();
  }
}
