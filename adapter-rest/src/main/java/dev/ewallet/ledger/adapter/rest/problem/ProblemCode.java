package dev.ewallet.ledger.adapter.rest.problem;

import dev.ewallet.ledger.domain.error.AccessDeniedException;
import dev.ewallet.ledger.domain.error.AccountClosedException;
import dev.ewallet.ledger.domain.error.AccountDormantException;
import dev.ewallet.ledger.domain.error.AccountFrozenException;
import dev.ewallet.ledger.domain.error.AccountNotEmptyException;
import dev.ewallet.ledger.domain.error.AccountNotFoundException;
import dev.ewallet.ledger.domain.error.AlreadyReversedException;
import dev.ewallet.ledger.domain.error.AmountLimitExceededException;
import dev.ewallet.ledger.domain.error.CheckpointNotFoundException;
import dev.ewallet.ledger.domain.error.CheckpointRefusedException;
import dev.ewallet.ledger.domain.error.CurrencyMismatchException;
import dev.ewallet.ledger.domain.error.DuplicateReferenceException;
import dev.ewallet.ledger.domain.error.HoldNotFoundException;
import dev.ewallet.ledger.domain.error.HoldNotPendingException;
import dev.ewallet.ledger.domain.error.IdempotencyKeyNotFoundException;
import dev.ewallet.ledger.domain.error.IdempotencyKeyReusedException;
import dev.ewallet.ledger.domain.error.InsufficientFundsException;
import dev.ewallet.ledger.domain.error.InvalidRequestException;
import dev.ewallet.ledger.domain.error.LedgerException;
import dev.ewallet.ledger.domain.error.LimitExceededException;
import dev.ewallet.ledger.domain.error.MoneyOverflowException;
import dev.ewallet.ledger.domain.error.MonitorNotFoundException;
import dev.ewallet.ledger.domain.error.NotReversibleException;
import dev.ewallet.ledger.domain.error.OutcomeUnknownException;
import dev.ewallet.ledger.domain.error.OverloadedException;
import dev.ewallet.ledger.domain.error.PayoutFileNotFoundException;
import dev.ewallet.ledger.domain.error.PendingDepositNotFoundException;
import dev.ewallet.ledger.domain.error.PendingDepositNotPendingException;
import dev.ewallet.ledger.domain.error.RefundExceedsOriginalException;
import dev.ewallet.ledger.domain.error.SameAccountException;
import dev.ewallet.ledger.domain.error.ScheduleConflictException;
import dev.ewallet.ledger.domain.error.ScheduleNotFoundException;
import dev.ewallet.ledger.domain.error.StatementConflictException;
import dev.ewallet.ledger.domain.error.StatementInvalidException;
import dev.ewallet.ledger.domain.error.StatementLineNotFoundException;
import dev.ewallet.ledger.domain.error.StatementLineResolvedException;
import dev.ewallet.ledger.domain.error.StatementTooLargeException;
import dev.ewallet.ledger.domain.error.TooManyAccountsException;
import dev.ewallet.ledger.domain.error.TooManyMonitorsException;
import dev.ewallet.ledger.domain.error.TooManyWebhookEndpointsException;
import dev.ewallet.ledger.domain.error.TransactionNotFoundException;
import dev.ewallet.ledger.domain.error.WebhookDeliveryNotFoundException;
import dev.ewallet.ledger.domain.error.WebhookEndpointNotFoundException;
import dev.ewallet.ledger.domain.error.WebhookUrlRefusedException;
import dev.ewallet.ledger.domain.error.WithdrawalNotFoundException;
import dev.ewallet.ledger.domain.error.WithdrawalNotPendingException;
import java.net.URI;
import java.util.Locale;
import org.slf4j.MDC;
import org.springframework.http.HttpStatus;
import org.springframework.http.ProblemDetail;

/**
 * The stable, machine-readable codes of every error the API answers (shared/API.md), each with its
 * HTTP status. Clients switch on {@code code}; the {@code detail} text is for people.
 */
public enum ProblemCode {
  VALIDATION_FAILED(HttpStatus.BAD_REQUEST, "The request is not valid"),
  IDEMPOTENCY_KEY_MISSING(HttpStatus.BAD_REQUEST, "Idempotency-Key header is required"),
  IDEMPOTENCY_KEY_INVALID(HttpStatus.BAD_REQUEST, "Idempotency-Key header is malformed"),
  STATEMENT_INVALID(HttpStatus.BAD_REQUEST, "Bank statement not accepted"),
  WEBHOOK_URL_REFUSED(HttpStatus.BAD_REQUEST, "Webhook URL refused"),
  UNAUTHENTICATED(HttpStatus.UNAUTHORIZED, "Authentication is required"),
  FORBIDDEN(HttpStatus.FORBIDDEN, "Not allowed"),
  ACCOUNT_NOT_FOUND(HttpStatus.NOT_FOUND, "Account not found"),
  TRANSACTION_NOT_FOUND(HttpStatus.NOT_FOUND, "Transaction not found"),
  WITHDRAWAL_NOT_FOUND(HttpStatus.NOT_FOUND, "Withdrawal not found"),
  HOLD_NOT_FOUND(HttpStatus.NOT_FOUND, "Hold not found"),
  PENDING_DEPOSIT_NOT_FOUND(HttpStatus.NOT_FOUND, "Pending deposit not found"),
  STATEMENT_LINE_NOT_FOUND(HttpStatus.NOT_FOUND, "Statement line not found"),
  WEBHOOK_ENDPOINT_NOT_FOUND(HttpStatus.NOT_FOUND, "Webhook endpoint not found"),
  WEBHOOK_DELIVERY_NOT_FOUND(HttpStatus.NOT_FOUND, "Webhook delivery not found"),
  MONITOR_NOT_FOUND(HttpStatus.NOT_FOUND, "Monitor not found"),
  CHECKPOINT_NOT_FOUND(HttpStatus.NOT_FOUND, "Checkpoint not found"),
  IDEMPOTENCY_KEY_NOT_FOUND(HttpStatus.NOT_FOUND, "Nothing known under this idempotency key"),
  SCHEDULE_NOT_FOUND(HttpStatus.NOT_FOUND, "Scheduled transfer not found"),
  NOT_FOUND(HttpStatus.NOT_FOUND, "No such resource"),
  METHOD_NOT_ALLOWED(HttpStatus.METHOD_NOT_ALLOWED, "Method not allowed"),
  NOT_ACCEPTABLE(HttpStatus.NOT_ACCEPTABLE, "Not acceptable"),
  ALREADY_REVERSED(HttpStatus.CONFLICT, "Transaction already reversed"),
  DUPLICATE_REFERENCE(HttpStatus.CONFLICT, "Reference already used by a deposit"),
  NOT_REVERSIBLE(HttpStatus.CONFLICT, "Transaction not reversible"),
  WITHDRAWAL_NOT_PENDING(HttpStatus.CONFLICT, "Withdrawal not pending"),
  HOLD_NOT_PENDING(HttpStatus.CONFLICT, "Hold not pending"),
  PENDING_DEPOSIT_NOT_PENDING(HttpStatus.CONFLICT, "Pending deposit settled or failed already"),
  STATEMENT_CONFLICT(HttpStatus.CONFLICT, "Statement imported before with other content"),
  STATEMENT_LINE_RESOLVED(HttpStatus.CONFLICT, "Statement line resolved already"),
  CHECKPOINT_REFUSED(HttpStatus.CONFLICT, "The books do not hold: no checkpoint signed"),
  ACCOUNT_NOT_EMPTY(HttpStatus.CONFLICT, "Account still holds or expects money"),
  SCHEDULE_CONFLICT(HttpStatus.CONFLICT, "Scheduled transfer not in a state that allows it"),
  PAYLOAD_TOO_LARGE(HttpStatus.CONTENT_TOO_LARGE, "Request body too large"),
  UNSUPPORTED_MEDIA_TYPE(HttpStatus.UNSUPPORTED_MEDIA_TYPE, "Unsupported media type"),
  STATEMENT_TOO_LARGE(
      HttpStatus.UNPROCESSABLE_CONTENT, "Statement too large for one answer; ask for text/csv"),
  INSUFFICIENT_FUNDS(HttpStatus.UNPROCESSABLE_CONTENT, "Insufficient funds"),
  ACCOUNT_FROZEN(HttpStatus.UNPROCESSABLE_CONTENT, "Account frozen"),
  ACCOUNT_DORMANT(HttpStatus.UNPROCESSABLE_CONTENT, "Account dormant"),
  ACCOUNT_CLOSED(HttpStatus.UNPROCESSABLE_CONTENT, "Account closed"),
  LIMIT_EXCEEDED(HttpStatus.UNPROCESSABLE_CONTENT, "Outgoing limit exceeded"),
  CURRENCY_MISMATCH(HttpStatus.UNPROCESSABLE_CONTENT, "Currency mismatch"),
  SAME_ACCOUNT(HttpStatus.UNPROCESSABLE_CONTENT, "Same account"),
  IDEMPOTENCY_KEY_REUSED(HttpStatus.UNPROCESSABLE_CONTENT, "Idempotency key reused"),
  AMOUNT_OVERFLOW(HttpStatus.UNPROCESSABLE_CONTENT, "Amount out of range"),
  AMOUNT_LIMIT_EXCEEDED(HttpStatus.UNPROCESSABLE_CONTENT, "Amount above the currency's maximum"),
  REFUND_EXCEEDS_ORIGINAL(HttpStatus.UNPROCESSABLE_CONTENT, "Refunds beyond the original amount"),
  TOO_MANY_ACCOUNTS(HttpStatus.UNPROCESSABLE_CONTENT, "Too many accounts"),
  TOO_MANY_MONITORS(HttpStatus.UNPROCESSABLE_CONTENT, "Too many monitors on the account"),
  TOO_MANY_WEBHOOK_ENDPOINTS(HttpStatus.UNPROCESSABLE_CONTENT, "Too many webhook endpoints"),
  RATE_LIMITED(HttpStatus.TOO_MANY_REQUESTS, "Too many requests"),
  OVERLOADED(HttpStatus.SERVICE_UNAVAILABLE, "Service overloaded"),
  OUTCOME_UNKNOWN(HttpStatus.SERVICE_UNAVAILABLE, "Outcome unknown"),
  INTERNAL_ERROR(HttpStatus.INTERNAL_SERVER_ERROR, "Internal error");

  private static final String TYPE_BASE = "https://ewallet.dev/problems/";

  private final HttpStatus status;
  private final String title;

  ProblemCode(HttpStatus status, String title) {
    this.status = status;
    this.title = title;
  }

  /** The code of a ledger's refusal: every refusal has exactly one. */
  public static ProblemCode of(LedgerException refusal) {
    return switch (refusal) {
      case InvalidRequestException invalid -> VALIDATION_FAILED;
      case AccessDeniedException denied -> FORBIDDEN;
      case AccountNotFoundException missing -> ACCOUNT_NOT_FOUND;
      case TransactionNotFoundException missing -> TRANSACTION_NOT_FOUND;
      case AlreadyReversedException reversed -> ALREADY_REVERSED;
      case DuplicateReferenceException duplicate -> DUPLICATE_REFERENCE;
      case StatementTooLargeException tooLarge -> STATEMENT_TOO_LARGE;
      case AmountLimitExceededException limit -> AMOUNT_LIMIT_EXCEEDED;
      case TooManyAccountsException tooMany -> TOO_MANY_ACCOUNTS;
      case InsufficientFundsException funds -> INSUFFICIENT_FUNDS;
      case AccountFrozenException frozen -> ACCOUNT_FROZEN;
      case AccountDormantException dormant -> ACCOUNT_DORMANT;
      case AccountClosedException closed -> ACCOUNT_CLOSED;
      case AccountNotEmptyException notEmpty -> ACCOUNT_NOT_EMPTY;
      case LimitExceededException limit -> LIMIT_EXCEEDED;
      case CurrencyMismatchException currency -> CURRENCY_MISMATCH;
      case SameAccountException same -> SAME_ACCOUNT;
      case IdempotencyKeyReusedException reused -> IDEMPOTENCY_KEY_REUSED;
      case IdempotencyKeyNotFoundException unknown -> IDEMPOTENCY_KEY_NOT_FOUND;
      case ScheduleNotFoundException missing -> SCHEDULE_NOT_FOUND;
      case ScheduleConflictException conflict -> SCHEDULE_CONFLICT;
      case MoneyOverflowException overflow -> AMOUNT_OVERFLOW;
      case NotReversibleException notReversible -> NOT_REVERSIBLE;
      case OverloadedException overloaded -> OVERLOADED;
      case RefundExceedsOriginalException beyond -> REFUND_EXCEEDS_ORIGINAL;
      case OutcomeUnknownException unknown -> OUTCOME_UNKNOWN;
      case WithdrawalNotFoundException missing -> WITHDRAWAL_NOT_FOUND;
      case WithdrawalNotPendingException finished -> WITHDRAWAL_NOT_PENDING;
      case HoldNotFoundException missing -> HOLD_NOT_FOUND;
      case HoldNotPendingException finished -> HOLD_NOT_PENDING;
      case StatementInvalidException invalid -> STATEMENT_INVALID;
      case StatementConflictException conflict -> STATEMENT_CONFLICT;
      case StatementLineNotFoundException missing -> STATEMENT_LINE_NOT_FOUND;
      case StatementLineResolvedException resolved -> STATEMENT_LINE_RESOLVED;
      case PayoutFileNotFoundException missing -> NOT_FOUND;
      case PendingDepositNotFoundException missing -> PENDING_DEPOSIT_NOT_FOUND;
      case PendingDepositNotPendingException finished -> PENDING_DEPOSIT_NOT_PENDING;
      case WebhookUrlRefusedException refused -> WEBHOOK_URL_REFUSED;
      case WebhookEndpointNotFoundException missing -> WEBHOOK_ENDPOINT_NOT_FOUND;
      case WebhookDeliveryNotFoundException missing -> WEBHOOK_DELIVERY_NOT_FOUND;
      case MonitorNotFoundException missing -> MONITOR_NOT_FOUND;
      case TooManyMonitorsException tooMany -> TOO_MANY_MONITORS;
      case TooManyWebhookEndpointsException tooMany -> TOO_MANY_WEBHOOK_ENDPOINTS;
      case CheckpointNotFoundException missing -> CHECKPOINT_NOT_FOUND;
      case CheckpointRefusedException refused -> CHECKPOINT_REFUSED;
    };
  }

  /**
   * The code of an error that carries nothing but its HTTP status: Spring MVC's own (an unknown
   * route, a wrong method) and the servlet container's (a request it could not read as HTTP). A
   * client's error without a code of its own is a request that is not valid.
   */
  static ProblemCode forStatus(int status) {
    return switch (status) {
      case 404 -> NOT_FOUND;
      case 405 -> METHOD_NOT_ALLOWED;
      case 406 -> NOT_ACCEPTABLE;
      case 413 -> PAYLOAD_TOO_LARGE;
      case 415 -> UNSUPPORTED_MEDIA_TYPE;
      default -> status < 500 ? VALIDATION_FAILED : INTERNAL_ERROR;
    };
  }

  /** The logging context's key of the current trace id, and the problem's property. */
  public static final String TRACE_ID = "traceId";

  public HttpStatus status() {
    return status;
  }

  /** An RFC 9457 problem with this code's type, title and status, and {@code code} set. */
  public ProblemDetail problem(String detail) {
    ProblemDetail problem = ProblemDetail.forStatusAndDetail(status, detail);
    decorate(problem);
    return problem;
  }

  /**
   * Sets this code's type, title and {@code code} on a problem Spring built, and the request's
   * {@code traceId}, which tracing puts in the logging context of every traced request.
   */
  void decorate(ProblemDetail problem) {
    problem.setType(URI.create(TYPE_BASE + name().toLowerCase(Locale.ROOT).replace('_', '-')));
    problem.setTitle(title);
    problem.setProperty("code", name());
    String traceId = MDC.get(TRACE_ID);
    if (traceId != null && !traceId.isBlank()) {
      problem.setProperty(TRACE_ID, traceId);
    }
  }
}
