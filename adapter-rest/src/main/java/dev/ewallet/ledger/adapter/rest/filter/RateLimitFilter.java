package dev.ewallet.ledger.adapter.rest.filter;

import dev.ewallet.ledger.adapter.rest.problem.ProblemCode;
import dev.ewallet.ledger.adapter.rest.problem.ProblemResponseWriter;
import dev.ewallet.ledger.adapter.rest.security.CallerArgumentResolver;
import dev.ewallet.ledger.domain.port.in.AdmitRequestCommand;
import dev.ewallet.ledger.domain.port.in.AdmitRequestUseCase;
import dev.ewallet.ledger.domain.port.in.Caller;
import dev.ewallet.ledger.domain.ratelimit.RateLimitDecision;
import dev.ewallet.ledger.domain.ratelimit.RequestKind;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.util.Optional;
import org.springframework.http.HttpHeaders;
import org.springframework.stereotype.Component;
import org.springframework.web.filter.OncePerRequestFilter;

/**
 * Refuses a request over its user's budget with 429 {@code RATE_LIMITED} and {@code Retry-After},
 * before its body is read or a database connection is taken. It runs after authentication (the
 * budget is per user); a refusal is never stored as an idempotent result, so the same key succeeds
 * later.
 */
@Component
public class RateLimitFilter extends OncePerRequestFilter {

  private final AdmitRequestUseCase admission;
  private final ProblemResponseWriter problems;
  private final Counter limited;

  RateLimitFilter(
      AdmitRequestUseCase admission, ProblemResponseWriter problems, MeterRegistry registry) {
    this.admission = admission;
    this.problems = problems;
    this.limited =
        Counter.builder("ledger.ratelimit.limited")
            .description("Requests refused with 429 because their user's budget was spent")
            .register(registry);
  }

  @Override
  protected boolean shouldNotFilter(HttpServletRequest request) {
    return !request.getRequestURI().startsWith("/v1/");
  }

  @Override
  protected void doFilterInternal(
      HttpServletRequest request, HttpServletResponse response, FilterChain chain)
      throws ServletException, IOException {
    Optional<Caller> caller = CallerArgumentResolver.current();
    if (caller.isPresent()) {
      RateLimitDecision decision =
          admission.admit(new AdmitRequestCommand(caller.get(), kindOf(request)));
      if (!decision.allowed()) {
        limited.increment();
        response.setHeader(HttpHeaders.RETRY_AFTER, String.valueOf(decision.retryAfterSeconds()));
        problems.write(
            request,
            response,
            ProblemCode.RATE_LIMITED,
            "too many requests; retry after " + decision.retryAfterSeconds() + " s");
        return;
      }
    }
    chain.doFilter(request, response);
  }

  /** Every POST under /v1 writes (opening an account too); everything else reads. */
  static RequestKind kindOf(HttpServletRequest request) {
    return "POST".equals(request.getMethod()) ? RequestKind.WRITE : RequestKind.READ;
  }
}
