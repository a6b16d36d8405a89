package dev.ewallet.ledger.adapter.rest.filter;

import dev.ewallet.ledger.adapter.rest.dto.RequestFields;
import dev.ewallet.ledger.adapter.rest.problem.ProblemCode;
import dev.ewallet.ledger.adapter.rest.security.CallerAuthenticationConverter;
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

/**
 * Notes every state-changing request under {@code /v1} in the audit trail, refused ones included
 * (401, 403, 422, 429...): it wraps everything else, security and rate limiting too, and records
 * once the answer is known. Who asked is what the verified token said ({@link #noteCaller}, called
 * inside the security chain); what it named and what came of it are the accounts, the status, the
 * problem code and the transaction posted, which the code that reads and answers the request notes
 * on it. Recording only queues the event; nothing is parsed a second time.
 */
@Component
@Order(Ordered.HIGHEST_PRECEDENCE + 1)
public class AuditRequestFilter extends OncePerRequestFilter {

  static final String CALLER = AuditRequestFilter.class.getName() + ".caller";
  static final String CODE = AuditRequestFilter.class.getName() + ".code";
  static final String TRANSACTION = AuditRequestFilter.class.getName() + ".transaction";
  static final String ACCOUNTS = AuditRequestFilter.class.getName() + ".accounts";

  private static final Pattern ACCOUNT_PATH = Pattern.compile("^/v1/accounts/(\\d{1,18})(/.*)?$");

  /** What the verified token said about the caller. */
  record Caller(String subject, boolean operator, String tokenId, String issuer) {}

  private final RecordAuditEventUseCase audit;
  private final Clock clock = Clock.systemUTC();

  AuditRequestFilter(RecordAuditEventUseCase audit) {
    this.audit = audit;
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
    int status = 500;
    try {
      chain.doFilter(request, response);
      status = response.getStatus();
    } finally {
      record(request, status);
    }
  }

  private void record(HttpServletRequest request, int status) {
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
   * The accounts in the path ({@code /v1/accounts/{id}}) and in the body, as {@link
   * AuditedAccountsAdvice} noted them when the controller received it; a request refused before its
   * body was read (401, 429, 413) names only the accounts of its path.
   */
  @SuppressWarnings("unchecked")
  private static List<Long> accountsNamed(HttpServletRequest request) {
    List<Long> accounts = new ArrayList<>();
    Matcher path = ACCOUNT_PATH.matcher(request.getRequestURI());
    if (path.matches()) {
      accounts.add(Long.parseLong(path.group(1)));
    }
    Object inBody = request.getAttribute(ACCOUNTS);
    if (inBody != null) {
      accounts.addAll((List<Long>) inBody);
    }
    return accounts;
  }

  private static String truncated(String value, int max) {
    return value == null || value.length() <= max ? value : value.substring(0, max);
  }

  /** Called inside the security chain once a token is verified: who the caller is. */
  public static void noteCaller(HttpServletRequest request) {
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
  public static void notePosted(TransactionId transaction) {
    RequestAttributes request = RequestContextHolder.getRequestAttributes();
    if (request != null) {
      request.setAttribute(TRANSACTION, transaction, RequestAttributes.SCOPE_REQUEST);
    }
  }

  /** Notes the accounts a request names or moves money on, for its audit event. */
  public static void noteAccounts(List<Long> accounts) {
    RequestAttributes request = RequestContextHolder.getRequestAttributes();
    if (request != null) {
      request.setAttribute(ACCOUNTS, accounts, RequestAttributes.SCOPE_REQUEST);
    }
  }

  /** Notes the problem code a request was answered with, for its audit event. */
  public static void noteCode(HttpServletRequest request, ProblemCode code) {
    request.setAttribute(CODE, code.name());
  }

  /** As {@link #noteCode(HttpServletRequest, ProblemCode)}, where only the context has it. */
  public static void noteCode(ProblemCode code) {
    RequestAttributes request = RequestContextHolder.getRequestAttributes();
    if (request != null) {
      request.setAttribute(CODE, code.name(), RequestAttributes.SCOPE_REQUEST);
    }
  }
}
