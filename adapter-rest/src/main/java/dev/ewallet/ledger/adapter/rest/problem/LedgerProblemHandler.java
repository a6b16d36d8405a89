package dev.ewallet.ledger.adapter.rest.problem;

import dev.ewallet.ledger.adapter.rest.filter.AuditRequestFilter;
import dev.ewallet.ledger.adapter.rest.filter.HeaderScreening;
import dev.ewallet.ledger.adapter.rest.filter.RequestBodyLimitFilter;
import dev.ewallet.ledger.domain.error.AccountNotEmptyException;
import dev.ewallet.ledger.domain.error.CheckpointRefusedException;
import dev.ewallet.ledger.domain.error.LedgerException;
import dev.ewallet.ledger.domain.error.LimitExceededException;
import dev.ewallet.ledger.domain.error.OutcomeUnknownException;
import dev.ewallet.ledger.domain.error.OverloadedException;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import jakarta.servlet.http.HttpServletRequest;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.UUID;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpMethod;
import org.springframework.http.HttpStatusCode;
import org.springframework.http.ProblemDetail;
import org.springframework.http.ResponseEntity;
import org.springframework.http.converter.HttpMessageNotReadableException;
import org.springframework.security.web.firewall.RequestRejectedException;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.RestControllerAdvice;
import org.springframework.web.context.request.WebRequest;
import org.springframework.web.method.annotation.MethodArgumentTypeMismatchException;
import org.springframework.web.servlet.mvc.method.annotation.ResponseEntityExceptionHandler;
import org.springframework.web.servlet.resource.NoResourceFoundException;

/**
 * Turns every failure into an RFC 9457 problem with a stable {@code code}: business rejections by
 * their type, Spring MVC's own errors (malformed JSON, wrong method, unknown path) by their status.
 * Only a real fault answers 500, and its detail reveals nothing internal.
 */
@RestControllerAdvice
class LedgerProblemHandler extends ResponseEntityExceptionHandler {

  private static final Logger LOG = LoggerFactory.getLogger(LedgerProblemHandler.class);
  private static final String RETRY_AFTER_SECONDS = "1";

  private final Counter overloaded;
  private final Counter outcomeUnknown;
  // Absent only where a test runs the web layer alone, without the use cases behind it.
  private final ObjectProvider<KeyedRefusals> refusals;

  LedgerProblemHandler(MeterRegistry registry, ObjectProvider<KeyedRefusals> refusals) {
    this.refusals = refusals;
    this.overloaded =
        Counter.builder("ledger.overloaded")
            .description(
                "Requests answered 503 OVERLOADED: no database connection, posting batch or"
                    + " database answer in time; nothing was changed")
            .register(registry);
    this.outcomeUnknown =
        Counter.builder("ledger.outcome.unknown")
            .description(
                "Requests answered 503 OUTCOME_UNKNOWN: the database connection was lost while a"
                    + " commit was under way, or the request's time ran out while it was in flight")
            .register(registry);
  }

  /**
   * A database that did not answer in time is overload, not a fault, and a lost connection leaves a
   * write's outcome unknown (ADR 0010); the persistence adapter says which, in domain terms. A read
   * changes nothing, so for a GET an unknown outcome is plain overload.
   */
  @ExceptionHandler(LedgerException.class)
  ResponseEntity<Object> ledger(LedgerException e, HttpServletRequest request) {
    if (e instanceof OverloadedException) {
      return overloaded(e.getMessage());
    }
    if (e instanceof OutcomeUnknownException) {
      return HttpMethod.GET.matches(request.getMethod())
          ? overloaded("the database connection was lost; nothing was changed, retry later")
          : outcomeUnknown(e.getMessage());
    }
    ProblemCode code = ProblemCode.of(e);
    ResponseEntity<Object> answer = respond(code, e.getMessage());
    if (e instanceof LimitExceededException limit
        && answer.getBody() instanceof ProblemDetail problem) {
      problem.setProperty("limit", limit.limit());
      problem.setProperty("remaining", limit.remainingMinor());
    }
    if (e instanceof AccountNotEmptyException notEmpty
        && answer.getBody() instanceof ProblemDetail problem) {
      problem.setProperty("balance", notEmpty.balanceMinor());
      problem.setProperty("heldAmount", notEmpty.heldMinor());
      problem.setProperty("pendingIn", notEmpty.pendingInMinor());
    }
    if (e instanceof CheckpointRefusedException refused
        && answer.getBody() instanceof ProblemDetail problem) {
      problem.setProperty(
          "breaks",
          refused.breaks().stream()
              .map(found -> {
                Map<String, Object> described = new LinkedHashMap<>();
                described.put("kind", found.kind());
                described.put("accountId", found.accountId());
                described.put("entryId", found.entryId());
                described.put("currency", found.currency());
                return described;
              })
              .toList());
      problem.setProperty(
          "lastHoldingCheckpoint", refused.lastHolding().map(UUID::toString).orElse(null));
    }
    if (answer.getBody() instanceof ProblemDetail problem) {
      refusals.ifAvailable(kept -> kept.keep(request, code, problem));
    }
    return answer;
  }

  @ExceptionHandler(ApiRequestException.class)
  ResponseEntity<Object> apiRequest(ApiRequestException e) {
    return respond(e.code(), e.getMessage());
  }

  @ExceptionHandler(MethodArgumentTypeMismatchException.class)
  ResponseEntity<Object> typeMismatch(MethodArgumentTypeMismatchException e) {
    return respond(ProblemCode.VALIDATION_FAILED, e.getName() + " has the wrong type");
  }

  /**
   * Spring Security's firewall checks a header when it is first read, which for some (the
   * conditional read's {@code If-None-Match}) is after the security chain, in the controller's
   * call: the refusal is the client's, not a failure of the service.
   */
  @ExceptionHandler(RequestRejectedException.class)
  ResponseEntity<Object> rejected(RequestRejectedException e) {
    return respond(ProblemCode.VALIDATION_FAILED, HeaderScreening.REFUSED);
  }

  @ExceptionHandler(Exception.class)
  ResponseEntity<Object> unexpected(Exception e) {
    LOG.error("unexpected failure", e);
    return respond(ProblemCode.INTERNAL_ERROR, ProblemResponseWriter.UNEXPECTED);
  }

  @Override
  protected ResponseEntity<Object> handleHttpMessageNotReadable(
      HttpMessageNotReadableException e,
      HttpHeaders headers,
      HttpStatusCode status,
      WebRequest request) {
    Throwable tooLarge = cause(e, RequestBodyLimitFilter.PayloadTooLargeException.class);
    if (tooLarge != null) {
      return respond(ProblemCode.PAYLOAD_TOO_LARGE, tooLarge.getMessage());
    }
    return respond(ProblemCode.VALIDATION_FAILED, JsonInputProblems.describe(e));
  }

  /**
   * An unknown path: Spring MVC's detail would speak of static resources, which the API has none.
   */
  @Override
  protected ResponseEntity<Object> handleNoResourceFoundException(
      NoResourceFoundException e, HttpHeaders headers, HttpStatusCode status, WebRequest request) {
    return respond(ProblemCode.NOT_FOUND, ProblemResponseWriter.NO_RESOURCE);
  }

  /** Spring MVC's own errors: keep its status and detail, add the code clients switch on. */
  @Override
  protected ResponseEntity<Object> handleExceptionInternal(
      Exception e, Object body, HttpHeaders headers, HttpStatusCode status, WebRequest request) {
    ResponseEntity<Object> response =
        super.handleExceptionInternal(e, body, headers, status, request);
    if (response != null && response.getBody() instanceof ProblemDetail problem) {
      ProblemCode code = ProblemCode.forStatus(status.value());
      AuditRequestFilter.noteCode(code);
      code.decorate(problem);
    }
    return response;
  }

  private ResponseEntity<Object> overloaded(String detail) {
    overloaded.increment();
    return retryLater(ProblemCode.OVERLOADED, detail);
  }

  private ResponseEntity<Object> outcomeUnknown(String detail) {
    outcomeUnknown.increment();
    return retryLater(ProblemCode.OUTCOME_UNKNOWN, detail);
  }

  private static ResponseEntity<Object> retryLater(ProblemCode code, String detail) {
    AuditRequestFilter.noteCode(code);
    return ResponseEntity.status(code.status())
        .header(HttpHeaders.RETRY_AFTER, RETRY_AFTER_SECONDS)
        .body(code.problem(detail));
  }

  /** The first throwable of this type in {@code e}'s chain of causes, or {@code null}. */
  private static Throwable cause(Throwable e, Class<? extends Throwable> type) {
    for (Throwable t = e; t != null; t = t.getCause()) {
      if (type.isInstance(t)) {
        return t;
      }
    }
    return null;
  }

  private static ResponseEntity<Object> respond(ProblemCode code, String detail) {
    AuditRequestFilter.noteCode(code);
    return ResponseEntity.status(code.status()).body(code.problem(detail));
  }
}
