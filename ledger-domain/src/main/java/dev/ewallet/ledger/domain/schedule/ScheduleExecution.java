package dev.ewallet.ledger.domain.schedule;

import dev.ewallet.ledger.domain.error.LedgerException;
import dev.ewallet.ledger.domain.journal.TransactionId;
import java.time.Instant;
import java.util.Locale;
import java.util.Objects;

/**
 * One try of one run of a scheduled transfer, as it ended.
 *
 * @param due the run's due time (its key's)
 * @param attempt 1 for the first try of the run
 * @param transactionId the transfer it posted; {@code null} when refused
 * @param refusal the refusal's code (as the API names it: {@code INSUFFICIENT_FUNDS}, {@code
 *     ACCOUNT_FROZEN}, {@code LIMIT_EXCEEDED}, ...); {@code null} when posted
 * @param detail the refusal's words; {@code null} when posted
 * @param retryAt when the run is tried again; {@code null} when it is not
 */
public record ScheduleExecution(
    TransactionId scheduleId,
    Instant due,
    int attempt,
    Outcome outcome,
    TransactionId transactionId,
    String refusal,
    String detail,
    Instant at,
    Instant retryAt) {

  public enum Outcome {
    POSTED,
    REFUSED
  }

  public ScheduleExecution {
    Objects.requireNonNull(scheduleId, "scheduleId");
    Objects.requireNonNull(due, "due");
    Objects.requireNonNull(outcome, "outcome");
    Objects.requireNonNull(at, "at");
    if ((outcome == Outcome.POSTED) != (transactionId != null)
        || (outcome == Outcome.REFUSED) != (refusal != null)) {
      throw new IllegalArgumentException(outcome + " with " + transactionId + ", " + refusal);
    }
  }

  /** The current run of {@code schedule} posted {@code transactionId}. */
  public static ScheduleExecution posted(
      ScheduledTransfer schedule, TransactionId transactionId, Instant at) {
    return new ScheduleExecution(
        schedule.id(),
        schedule.due(),
        schedule.failedAttempts() + 1,
        Outcome.POSTED,
        transactionId,
        null,
        null,
        at,
        null);
  }

  /** The current run of {@code schedule} was refused; {@code after} is the schedule after it. */
  public static ScheduleExecution refused(
      ScheduledTransfer schedule, ScheduledTransfer after, LedgerException reason, Instant at) {
    boolean retried = after.due().equals(schedule.due()) && after.failedAttempts() > 0;
    return new ScheduleExecution(
        schedule.id(),
        schedule.due(),
        schedule.failedAttempts() + 1,
        Outcome.REFUSED,
        null,
        codeOf(reason),
        reason.getMessage(),
        at,
        retried ? after.nextAttemptAt() : null);
  }

  /**
   * A refusal's code: its type's name without {@code Exception}, in upper snake case, which is the
   * API's code for every refusal a run can meet (insufficient funds, a freeze, dormancy, a closed
   * wallet, an outgoing or amount limit, a missing account, a currency mismatch).
   */
  static String codeOf(LedgerException reason) {
    String name = reason.getClass().getSimpleName().replaceFirst("Exception$", "");
    return name.replaceAll("([a-z0-9])([A-Z])", "$1_$2").toUpperCase(Locale.ROOT);
  }
}
