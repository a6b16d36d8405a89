package dev.ewallet.ledger.domain.outbox;

import java.util.Locale;
import java.util.Objects;
import java.util.regex.Pattern;

/**
 * The W3C trace context of the request that caused a posting: it travels with the posting's events
 * through the outbox, so the event sent to Kafka continues the request's trace, however late the
 * relay sends it. {@link #NONE} where nothing traced the request.
 *
 * @param traceId 32 lower-case hex digits, not all zero
 * @param spanId 16 lower-case hex digits, not all zero: the span the posting was asked from
 * @param sampled whether the request's trace is recorded
 */
public record TraceContext(String traceId, String spanId, boolean sampled) {

  /** No trace: the request was not traced, or the event was stored before traces were kept. */
  public static final TraceContext NONE = new TraceContext("", "", false);

  private static final Pattern TRACEPARENT =
      Pattern.compile("00-([0-9a-f]{32})-([0-9a-f]{16})-([0-9a-f]{2})");

  public TraceContext {
    Objects.requireNonNull(traceId, "traceId");
    Objects.requireNonNull(spanId, "spanId");
    boolean none = traceId.isEmpty() && spanId.isEmpty();
    if (!none && (!valid(traceId, 32) || !valid(spanId, 16))) {
      throw new IllegalArgumentException("not a trace context: " + traceId + "/" + spanId);
    }
  }

  /**
   * Reads a {@code traceparent} header value (version 00); {@link #NONE} for {@code null}, blank or
   * malformed input, which W3C asks receivers to treat as no trace.
   */
  public static TraceContext fromTraceparent(String traceparent) {
    if (traceparent == null) {
      return NONE;
    }
    var parts = TRACEPARENT.matcher(traceparent.strip().toLowerCase(Locale.ROOT));
    if (!parts.matches()) {
      return NONE;
    }
    String traceId = parts.group(1);
    String spanId = parts.group(2);
    if (!valid(traceId, 32) || !valid(spanId, 16)) {
      return NONE;
    }
    boolean sampled = (Integer.parseInt(parts.group(3), 16) & 1) == 1;
    return new TraceContext(traceId, spanId, sampled);
  }

  /** This context as a {@code traceparent} header value; {@code null} for {@link #NONE}. */
  public String traceparent() {
    return isNone() ? null : "00-" + traceId + "-" + spanId + (sampled ? "-01" : "-00");
  }

  public boolean isNone() {
    return traceId.isEmpty();
  }

  private static boolean valid(String hex, int length) {
    return hex.length() == length
        && hex.chars().allMatch(c -> (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f'))
        && hex.chars().anyMatch(c -> c != '0');
  }
}
