package dev.ewallet.ledger.adapter.rest.filter;

import dev.ewallet.ledger.adapter.rest.problem.ProblemCode;
import dev.ewallet.ledger.domain.outbox.TraceContext;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.util.HexFormat;
import java.util.concurrent.ThreadLocalRandom;
import org.slf4j.MDC;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;
import org.springframework.stereotype.Component;
import org.springframework.web.filter.OncePerRequestFilter;

/**
 * A trace id for every request while tracing is off (no OTLP endpoint: {@code
 * management.tracing.enabled=false}), so that log lines and problem bodies carry one at no cost:
 * the caller's, from a valid {@code traceparent}, or a random one, with a random span id for this
 * request, in the logging context under the keys tracing itself would use. With tracing on, the
 * tracer sets them and this filter does not exist.
 */
@Component
@Order(Ordered.HIGHEST_PRECEDENCE)
@ConditionalOnProperty(name = "management.tracing.enabled", havingValue = "false")
class TraceIdFilter extends OncePerRequestFilter {

  static final String SPAN_ID = "spanId";

  @Override
  protected void doFilterInternal(
      HttpServletRequest request, HttpServletResponse response, FilterChain chain)
      throws ServletException, IOException {
    TraceContext caller = TraceContext.fromTraceparent(request.getHeader("traceparent"));
    MDC.put(ProblemCode.TRACE_ID, caller.isNone() ? randomHex(2) : caller.traceId());
    MDC.put(SPAN_ID, randomHex(1));
    try {
      chain.doFilter(request, response);
    } finally {
      MDC.remove(ProblemCode.TRACE_ID);
      MDC.remove(SPAN_ID);
    }
  }

  /** {@code longs} random 64-bit words as hex, never all zero (W3C's invalid id). */
  private static String randomHex(int longs) {
    ThreadLocalRandom random = ThreadLocalRandom.current();
    StringBuilder hex = new StringBuilder(16 * longs);
    for (int i = 0; i < longs; i++) {
      long word = random.nextLong();
      hex.append(HexFormat.of().toHexDigits(i == 0 && word == 0 ? 1 : word));
    }
    return hex.toString();
  }
}
