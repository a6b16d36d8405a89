package dev.ewallet.ledger.adapter.rest.filter;

import dev.ewallet.ledger.adapter.rest.dto.RequestFields;
import dev.ewallet.ledger.adapter.rest.problem.ProblemCode;
import dev.ewallet.ledger.adapter.rest.problem.ProblemResponseWriter;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.util.Collections;
import org.springframework.http.HttpMethod;
import org.springframework.stereotype.Component;
import org.springframework.web.filter.OncePerRequestFilter;

/**
 * Refuses a write that carries {@code Idempotency-Key} more than once. Spring would join the values
 * into one key ({@code k1,k2}), so a client that adds the header again on a retry instead of
 * replacing it would post a second time under a key that matches neither attempt: refused, the
 * retry fails loudly and moves no money. Reads carry no key and are not looked at.
 */
@Component
class IdempotencyKeyHeaderFilter extends OncePerRequestFilter {

  private final ProblemResponseWriter problems;

  IdempotencyKeyHeaderFilter(ProblemResponseWriter problems) {
    this.problems = problems;
  }

  @Override
  protected boolean shouldNotFilter(HttpServletRequest request) {
    return HttpMethod.GET.matches(request.getMethod())
        || HttpMethod.HEAD.matches(request.getMethod());
  }

  @Override
  protected void doFilterInternal(
      HttpServletRequest request, HttpServletResponse response, FilterChain chain)
      throws ServletException, IOException {
    if (Collections.list(request.getHeaders(RequestFields.IDEMPOTENCY_KEY)).size() > 1) {
      problems.write(
          request,
          response,
          ProblemCode.IDEMPOTENCY_KEY_INVALID,
          "Idempotency-Key is given more than once; send it once, the same on every retry");
      return;
    }
    chain.doFilter(request, response);
  }
}
