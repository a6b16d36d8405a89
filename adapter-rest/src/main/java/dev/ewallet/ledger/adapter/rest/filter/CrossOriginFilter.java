package dev.ewallet.ledger.adapter.rest.filter;

import dev.ewallet.ledger.adapter.rest.dto.RequestFields;
import dev.ewallet.ledger.adapter.rest.dto.ResponseHeaders;
import dev.ewallet.ledger.adapter.rest.problem.ProblemCode;
import dev.ewallet.ledger.adapter.rest.problem.ProblemResponseWriter;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.net.URI;
import java.net.URISyntaxException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpMethod;
import org.springframework.http.server.ServerHttpResponse;
import org.springframework.web.cors.CorsConfiguration;
import org.springframework.web.cors.CorsUtils;
import org.springframework.web.cors.DefaultCorsProcessor;
import org.springframework.web.filter.OncePerRequestFilter;

/**
 * Cross-origin calls (CORS) from the browser pages of the origins in {@code
 * ledger.security.allowed-origins}, and from no other. A preflight from an allowed origin is
 * answered here, before the bearer token is asked for (a browser sends none with it); a
 * cross-origin request from any other origin is refused with a 403 problem ({@code FORBIDDEN})
 * before it does anything. Allowed origins may send the headers the API reads (a preflight that
 * asks for others as well is answered with the API's alone, so the browser sends none of the
 * others) and read those it answers with; no cookies are involved, since the token travels in
 * {@code Authorization}. Same-origin requests, and those of clients that are not browsers (which
 * send no {@code Origin}), pass untouched.
 */
public final class CrossOriginFilter extends OncePerRequestFilter {

  /** How long a browser may reuse a preflight's answer. */
  static final Duration PREFLIGHT_CACHE = Duration.ofHours(1);

  private final CorsConfiguration rules;
  private final ProblemResponseWriter problems;

  /** Spring's checks of origin, method and headers; a refusal is answered as a problem below. */
  private final DefaultCorsProcessor processor =
      new DefaultCorsProcessor() {
        @Override
        protected void rejectRequest(ServerHttpResponse response) {}
      };

  public CrossOriginFilter(
      List<String> allowedOrigins, boolean local, ProblemResponseWriter problems) {
    this.rules = rules(allowedOrigins, local);
    this.problems = problems;
  }

  @Override
  protected boolean shouldNotFilter(HttpServletRequest request) {
    return !CorsUtils.isCorsRequest(request);
  }

  @Override
  protected void doFilterInternal(
      HttpServletRequest request, HttpServletResponse response, FilterChain chain)
      throws ServletException, IOException {
    if (!processor.processRequest(rules, request, response)) {
      problems.write(
          request,
          response,
          ProblemCode.FORBIDDEN,
          "cross-origin calls from "
              + request.getHeader(HttpHeaders.ORIGIN)
              + " are not allowed here (ledger.security.allowed-origins), or not with this"
              + " method or these headers");
      return;
    }
    if (CorsUtils.isPreFlightRequest(request)) {
      return;
    }
    chain.doFilter(request, response);
  }

  private static CorsConfiguration rules(List<String> allowedOrigins, boolean local) {
    CorsConfiguration rules = new CorsConfiguration();
    rules.setAllowedOrigins(allowedOrigins.stream().map(origin -> origin(origin, local)).toList());
    rules.setAllowedMethods(
        List.of(HttpMethod.GET.name(), HttpMethod.HEAD.name(), HttpMethod.POST.name(), "PUT"));
    rules.setAllowedHeaders(
        List.of(
            HttpHeaders.AUTHORIZATION,
            HttpHeaders.CONTENT_TYPE,
            HttpHeaders.IF_NONE_MATCH,
            RequestFields.IDEMPOTENCY_KEY,
            "traceparent",
            "tracestate"));
    List<String> answered =
        new ArrayList<>(
            List.of(
                HttpHeaders.ETAG,
                HttpHeaders.LOCATION,
                HttpHeaders.RETRY_AFTER,
                HttpHeaders.WWW_AUTHENTICATE,
                HttpHeaders.CONTENT_DISPOSITION));
    answered.addAll(ResponseHeaders.ALL);
    rules.setExposedHeaders(answered);
    rules.setAllowCredentials(false);
    rules.setMaxAge(PREFLIGHT_CACHE);
    return rules;
  }

  /**
   * An origin as a browser sends it: a scheme, a host and perhaps a port, nothing else; {@code
   * https} only outside local mode. No wildcard: each web app that may call the ledger is named.
   */
  static String origin(String configured, boolean local) {
    String refused =
        "ledger.security.allowed-origins: '"
            + configured
            + "' is not a web origin such as https://wallet.example.com (a scheme, a host and"
            + " perhaps a port; no path, no wildcard";
    URI uri;
    try {
      uri = new URI(configured);
    } catch (URISyntaxException e) {
      throw new IllegalStateException(refused + ")", e);
    }
    boolean https = "https".equals(uri.getScheme());
    boolean http = "http".equals(uri.getScheme());
    if (!(https || (http && local))
        || uri.getHost() == null
        || uri.getRawUserInfo() != null
        || !uri.getRawPath().isEmpty()
        || uri.getRawQuery() != null
        || uri.getRawFragment() != null) {
      throw new IllegalStateException(refused + (local ? ")" : "; https outside local mode)"));
    }
    return configured;
  }
}
