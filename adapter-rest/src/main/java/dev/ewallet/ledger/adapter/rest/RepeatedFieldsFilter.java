package dev.ewallet.ledger.adapter.rest;

import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.Collections;
import java.util.HashSet;
import java.util.Set;
import org.springframework.http.HttpMethod;
import org.springframework.stereotype.Component;
import org.springframework.web.filter.OncePerRequestFilter;

/**
 * Refuses a request that gives a field the API reads once more than once, before anything is done:
 *
 * <ul>
 *   <li>a write that carries {@code Idempotency-Key} twice: Spring would join the values into one
 *       key ({@code k1,k2}), so a client that adds the header again on a retry instead of replacing
 *       it would post a second time under a key that matches neither attempt: refused, the retry
 *       fails loudly and moves no money;
 *   <li>a query parameter of the API named twice ({@code ?to=...&to=...}): Spring would use the
 *       first value, so a statement or a filtered history page could cover another period or other
 *       entries than the caller meant.
 * </ul>
 */
@Component
class RepeatedFieldsFilter extends OncePerRequestFilter {

  /** The longest parameter name a refusal repeats back. */
  private static final int NAME_SHOWN = 40;

  private final ProblemResponseWriter problems;

  RepeatedFieldsFilter(ProblemResponseWriter problems) {
    this.problems = problems;
  }

  @Override
  protected void doFilterInternal(
      HttpServletRequest request, HttpServletResponse response, FilterChain chain)
      throws ServletException, IOException {
    boolean read =
        HttpMethod.GET.matches(request.getMethod()) || HttpMethod.HEAD.matches(request.getMethod());
    if (!read && Collections.list(request.getHeaders(RequestFields.IDEMPOTENCY_KEY)).size() > 1) {
      problems.write(
          request,
          response,
          ProblemCode.IDEMPOTENCY_KEY_INVALID,
          "Idempotency-Key is given more than once; send it once, the same on every retry");
      return;
    }
    String repeated =
        request.getRequestURI().startsWith("/v1/")
            ? repeatedParameter(request.getQueryString())
            : null;
    if (repeated != null) {
      String shown =
          repeated.length() > NAME_SHOWN ? repeated.substring(0, NAME_SHOWN) + "..." : repeated;
      problems.write(
          request,
          response,
          ProblemCode.VALIDATION_FAILED,
          "query parameter '" + shown + "' is given more than once; give each once");
      return;
    }
    chain.doFilter(request, response);
  }

  /** The first parameter named twice in a query string (names compared decoded), or null. */
  static String repeatedParameter(String query) {
    if (query == null || query.isEmpty()) {
      return null;
    }
    Set<String> seen = new HashSet<>();
    for (String pair : query.split("&")) {
      if (pair.isEmpty()) {
        continue;
      }
      int equals = pair.indexOf('=');
      String name = decoded(equals < 0 ? pair : pair.substring(0, equals));
      if (!seen.add(name)) {
        return name;
      }
    }
    return null;
  }

  private static String decoded(String name) {
    try {
      return URLDecoder.decode(name, StandardCharsets.UTF_8);
    } catch (IllegalArgumentException malformed) {
      return name;
    }
  }
}
