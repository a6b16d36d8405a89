package dev.ewallet.ledger.adapter.rest;

import dev.ewallet.ledger.domain.audit.AuditEvent;
import dev.ewallet.ledger.domain.journal.TransactionId;
import dev.ewallet.ledger.domain.port.in.RecordAuditEventCommand;
import dev.ewallet.ledger.domain.port.in.RecordAuditEventUseCase;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;
import org.springframework.security.core.context.SecurityContextHolder;
import org.springframework.security.oauth2.server.resource.authentication.JwtAuthenticationToken;
import org.springframework.stereotype.Component;
import org.springframework.web.context.request.RequestAttributes;
import org.springframework.web.context.request.RequestContextHolder;
import org.springframework.web.filter.OncePerRequestFilter;
import org.springframework.web.util.ContentCachingRequestWrapper;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Notes every state-changing request under {@code /v1} in the audit trail, refused ones included
 * (401, 403, 422, 429...): it wraps everything else, security and rate limiting too, and records
 * once the answer is known. Who asked is what the verified token said ({@link #noteCaller}, called
 * inside the security chain); what came of it is the status, the problem code and the transaction
 * posted, which the code that answers notes on the request. Recording only queues the event.
 */
@Component
@Order(Ordered.HIGHEST_PRECEDENCE + 1)
class AuditRequestFilter extends OncePerRequestFilter {

  static final String CALLER = AuditRequestFilter.class.getName() + ".caller";
  static final String CODE = AuditRequestFilter.class.getName() + ".code";
  static final String TRANSACTION = AuditRequestFilter.class.getName() + ".transaction";

  private static final Pattern ACCOUNT_PATH = Pattern.compile("^/v1/accounts/(\\d{1,18})(/.*)?$");
  private static final List<String> ACCOUNT_FIELDS =
      List.of("accountId", "fromAccountId", "toAccountId", "destinationAccountId");

  /** What the verified token said about the caller. */
  record Caller(String subject, boolean operator, String tokenId, String issuer) {}

  private final RecordAuditEventUseCase audit;
  private final JsonMapper json;
  private final Clock clock = Clock.systemUTC();

  AuditRequestFilter(RecordAuditEventUseCase audit, JsonMapper json) {
    this.audit = audit;
    this.json = json;
  }

  @Override
  protected boolean shouldNotFilter(HttpServletRequest request) {
    String method = request.getMethod();
    return !request.getRequestURI().startsWith("/v1/")
        || "GET".equals(method)
        || "HEAD".equals(method)
        || "OPTIONS".equals(method);
  }

  @Override
  protected void doFilterInternal(
      HttpServletRequest request, HttpServletResponse response, FilterChain chain)
      throws ServletException, IOException {
    ContentCachingRequestWrapper cached =
        new ContentCachingRequestWrapper(request, RequestBodyLimitFilter.MAX_BODY_BYTES);
    int status = 500;
    try {
      chain.doFilter(cached, response);
      status = response.getStatus();
    } finally {
      record(cached, status);
    }
  }

  private void record(ContentCachingRequestWrapper request, int status) {
    Caller caller = (Caller) request.getAttribute(CALLER);
    audit.record(
        new RecordAuditEventCommand(
            new AuditEvent(
                clock.instant(),
                caller == null ? null : caller.subject(),
                caller != null && caller.operator(),
                caller == null ? null : caller.tokenId(),
                caller == null ? null : caller.issuer(),
                request.getRemoteAddr(),
                request.getMethod(),
                truncated(request.getRequestURI(), 512),
                truncated(request.getHeader(RequestFields.IDEMPOTENCY_KEY), 255),
                status,
                (String) request.getAttribute(CODE),
                (TransactionId) request.getAttribute(TRANSACTION),
                accountsNamed(request))));
  }

  /**
   * The accounts in the path ({@code /v1/accounts/{id}}) and in the body's account fields, as the
   * controller read the body; a request refused before its body was read (401, 429, 413) names only
   * the accounts of its path.
   */
  private List<Long> accountsNamed(ContentCachingRequestWrapper request) {
    List<Long> accounts = new ArrayList<>();
    Matcher path = ACCOUNT_PATH.matcher(request.getRequestURI());
    if (path.matches()) {
      accounts.add(Long.parseLong(path.group(1)));
    }
    byte[] body = request.getContentAsByteArray();
    if (body.length > 0) {
      try {
        JsonNode fields = json.readTree(body);
        for (String field : ACCOUNT_FIELDS) {
          JsonNode value = fields.path(field);
          if (value.isIntegralNumber() && value.canConvertToLong()) {
            accounts.add(value.asLong());
          }
        }
      } catch (JacksonException unreadable) {
        // The request was refused for its body already; the audit keeps what else it knows.
      }
    }
    return accounts;
  }

  private static String truncated(String value, int max) {
    return value == null || value.length() <= max ? value : value.substring(0, max);
  }

  /** Called inside the security chain once a token is verified: who the caller is. */
  static void noteCaller(HttpServletRequest request) {
    if (SecurityContextHolder.getContext().getAuthentication()
        instanceof JwtAuthenticationToken t) {
      request.setAttribute(
          CALLER,
          new Caller(
              t.getToken().getSubject(),
              t.getAuthorities().stream()
                  .anyMatch(a ->
                      CallerAuthenticationConverter.OPERATOR_AUTHORITY.equals(a.getAuthority())),
              t.getToken().getId(),
              t.getToken().getIssuer() == null ? null : t.getToken().getIssuer().toString()));
    }
  }

  /** Notes the transaction a request posted or replayed, for its audit event. */
  static void notePosted(TransactionId transaction) {
    RequestAttributes request = RequestContextHolder.getRequestAttributes();
    if (request != null) {
      request.setAttribute(TRANSACTION, transaction, RequestAttributes.SCOPE_REQUEST);
    }
  }

  /** Notes the problem code a request was answered with, for its audit event. */
  static void noteCode(HttpServletRequest request, ProblemCode code) {
    request.setAttribute(CODE, code.name());
  }

  /** As {@link #noteCode(HttpServletRequest, ProblemCode)}, where only the context has it. */
  static void noteCode(ProblemCode code) {
    RequestAttributes request = RequestContextHolder.getRequestAttributes();
    if (request != null) {
      request.setAttribute(CODE, code.name(), RequestAttributes.SCOPE_REQUEST);
    }
  }
}
