package dev.ewallet.ledger.adapter.rest;

import dev.ewallet.ledger.domain.error.AccessDeniedException;
import dev.ewallet.ledger.domain.error.AccountNotFoundException;
import dev.ewallet.ledger.domain.error.AlreadyReversedException;
import dev.ewallet.ledger.domain.error.CurrencyMismatchException;
import dev.ewallet.ledger.domain.error.HoldNotFoundException;
import dev.ewallet.ledger.domain.error.HoldNotPendingException;
import dev.ewallet.ledger.domain.error.IdempotencyKeyReusedException;
import dev.ewallet.ledger.domain.error.InsufficientFundsException;
import dev.ewallet.ledger.domain.error.InvalidRequestException;
import dev.ewallet.ledger.domain.error.LedgerException;
import dev.ewallet.ledger.domain.error.MoneyOverflowException;
import dev.ewallet.ledger.domain.error.OverloadedException;
import dev.ewallet.ledger.domain.error.SameAccountException;
import dev.ewallet.ledger.domain.error.TransactionNotFoundException;
import dev.ewallet.ledger.domain.error.WithdrawalNotFoundException;
import dev.ewallet.ledger.domain.error.WithdrawalNotPendingException;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import java.sql.SQLTransientConnectionException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatusCode;
import org.springframework.http.ProblemDetail;
import org.springframework.http.ResponseEntity;
import org.springframework.http.converter.HttpMessageNotReadableException;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.RestControllerAdvice;
import org.springframework.web.context.request.WebRequest;
import org.springframework.web.method.annotation.MethodArgumentTypeMismatchException;
import org.springframework.web.servlet.mvc.method.annotation.ResponseEntityExceptionHandler;

/**
 * Turns every failure into an RFC 9457 problem with a stable {@code code}: business rejections by
 * their type, Spring MVC's own errors (malformed JSON, wrong method, unknown path) by their status.
 * Only a real fault answers 500, and its detail reveals nothing internal.
 */
@RestControllerAdvice
class LedgerProblemHandler extends ResponseEntityExceptionHandler {

  private static final Logger LOG = LoggerFactory.getLogger(LedgerProblemHandler.class);
  private static final String OVERLOAD_RETRY_AFTER_SECONDS = "1";

  private final Counter overloaded;

  LedgerProblemHandler(MeterRegistry registry) {
    this.overloaded =
        Counter.builder("ledger.overloaded")
            .description("Requests answered 503 because no database connection was free in time")
            .register(registry);
  }

  @ExceptionHandler(LedgerException.class)
  ResponseEntity<Object> ledger(LedgerException e) {
    if (e instanceof OverloadedException) {
      return overloaded(e.getMessage());
    }
    ProblemCode code =
        switch (e) {
          case InvalidRequestException invalid -> ProblemCode.VALIDATION_FAILED;
          case AccessDeniedException denied -> ProblemCode.FORBIDDEN;
          case AccountNotFoundException missing -> ProblemCode.ACCOUNT_NOT_FOUND;
          case TransactionNotFoundException missing -> ProblemCode.TRANSACTION_NOT_FOUND;
          case AlreadyReversedException reversed -> ProblemCode.ALREADY_REVERSED;
          case InsufficientFundsException funds -> ProblemCode.INSUFFICIENT_FUNDS;
          case CurrencyMismatchException currency -> ProblemCode.CURRENCY_MISMATCH;
          case SameAccountException same -> ProblemCode.SAME_ACCOUNT;
          case IdempotencyKeyReusedException reused -> ProblemCode.IDEMPOTENCY_KEY_REUSED;
          case MoneyOverflowException overflow -> ProblemCode.AMOUNT_OVERFLOW;
          case OverloadedException overloaded -> ProblemCode.OVERLOADED;
          case WithdrawalNotFoundException missing -> ProblemCode.WITHDRAWAL_NOT_FOUND;
          case WithdrawalNotPendingException finished -> ProblemCode.WITHDRAWAL_NOT_PENDING;
          case HoldNotFoundException missing -> ProblemCode.HOLD_NOT_FOUND;
          case HoldNotPendingException finished -> ProblemCode.HOLD_NOT_PENDING;
        };
    return respond(code, e.getMessage());
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
   * Any failure caused by the connection pool's timeout is overload, not a fault: no connection
   * means no statement ran, nothing was written and no idempotency key was claimed, so the client
   * may retry the same request. The cause is a JDK type, so this adapter needs no JDBC library.
   */
  @ExceptionHandler(Exception.class)
  ResponseEntity<Object> unexpected(Exception e) {
    if (causedBy(e, SQLTransientConnectionException.class)) {
      return overloaded(
          "no database connection was free in time; nothing was executed, retry later");
    }
    LOG.error("unexpected failure", e);
    return respond(ProblemCode.INTERNAL_ERROR, "an unexpected error occurred; nothing was posted");
  }

  @Override
  protected ResponseEntity<Object> handleHttpMessageNotReadable(
      HttpMessageNotReadableException e,
      HttpHeaders headers,
      HttpStatusCode status,
      WebRequest request) {
    if (causedBy(e, RequestBodyLimitFilter.PayloadTooLargeException.class)) {
      return respond(ProblemCode.PAYLOAD_TOO_LARGE, RequestBodyLimitFilter.tooLarge());
    }
    return respond(ProblemCode.VALIDATION_FAILED, JsonInputProblems.describe(e));
  }

  /** Spring MVC's own errors: keep its status and detail, add the code clients switch on. */
  @Override
  protected ResponseEntity<Object> handleExceptionInternal(
      Exception e, Object body, HttpHeaders headers, HttpStatusCode status, WebRequest request) {
    ResponseEntity<Object> response =
        super.handleExceptionInternal(e, body, headers, status, request);
    if (response != null && response.getBody() instanceof ProblemDetail problem) {
      codeForStatus(status.value()).decorate(problem);
    }
    return response;
  }

  private static ProblemCode codeForStatus(int status) {
    return switch (status) {
      case 400 -> ProblemCode.VALIDATION_FAILED;
      case 404 -> ProblemCode.NOT_FOUND;
      case 405 -> ProblemCode.METHOD_NOT_ALLOWED;
      case 406 -> ProblemCode.NOT_ACCEPTABLE;
      case 413 -> ProblemCode.PAYLOAD_TOO_LARGE;
      case 415 -> ProblemCode.UNSUPPORTED_MEDIA_TYPE;
      default -> ProblemCode.INTERNAL_ERROR;
    };
  }

  private ResponseEntity<Object> overloaded(String detail) {
    overloaded.increment();
    return ResponseEntity.status(ProblemCode.OVERLOADED.status())
        .header(HttpHeaders.RETRY_AFTER, OVERLOAD_RETRY_AFTER_SECONDS)
        .body(ProblemCode.OVERLOADED.problem(detail));
  }

  private static boolean causedBy(Throwable e, Class<? extends Throwable> type) {
    for (Throwable t = e; t != null; t = t.getCause()) {
      if (type.isInstance(t)) {
        return true;
      }
    }
    return false;
  }

  private static ResponseEntity<Object> respond(ProblemCode code, String detail) {
    return ResponseEntity.status(code.status()).body(code.problem(detail));
  }
}
