package dev.ewallet.ledger.domain.schedule;

import dev.ewallet.ledger.domain.account.AccountId;
import dev.ewallet.ledger.domain.account.UserId;
import dev.ewallet.ledger.domain.error.InvalidRequestException;
import dev.ewallet.ledger.domain.error.ScheduleConflictException;
import dev.ewallet.ledger.domain.journal.IdempotencyKey;
import dev.ewallet.ledger.domain.journal.TransactionDetails;
import dev.ewallet.ledger.domain.journal.TransactionId;
import java.time.Duration;
import java.time.Instant;
import java.util.Objects;

/**
 * A transfer its payer asked to run later, once or again and again: each run posts a transfer
 * through the one posting path under a key derived from the schedule and the run's due time ({@link
 * #keyOf}), so a run posts once however many instances run it and however often it is retried after
 * a crash. A run the ledger refuses (insufficient funds, a freeze, a limit) is tried again after
 * {@code retryEvery}, at most {@code attempts} times in all, then left failed and the next run
 * comes.
 *
 * @param due when the current run is due: its key's time
 * @param nextAttemptAt when the current run is tried next: {@code due}, or later after a refusal
 * @param failedAttempts how many times the current run was refused so far
 */
public record ScheduledTransfer(
    TransactionId id,
    UserId owner,
    AccountId from,
    AccountId to,
    long amountMinor,
    TransactionDetails details,
    Recurrence recurrence,
    int attempts,
    Duration retryEvery,
    ScheduleStatus status,
    Instant due,
    Instant nextAttemptAt,
    int failedAttempts,
    Instant createdAt) {

  /** The most a run may be tried. */
  public static final int MAX_ATTEMPTS = 10;

  public ScheduledTransfer {
    Objects.requireNonNull(id, "id");
    Objects.requireNonNull(owner, "owner");
    Objects.requireNonNull(from, "from");
    Objects.requireNonNull(to, "to");
    Objects.requireNonNull(details, "details");
    Objects.requireNonNull(recurrence, "recurrence");
    Objects.requireNonNull(retryEvery, "retryEvery");
    Objects.requireNonNull(status, "status");
    Objects.requireNonNull(due, "due");
    Objects.requireNonNull(nextAttemptAt, "nextAttemptAt");
    Objects.requireNonNull(createdAt, "createdAt");
    if (amountMinor < 1) {
      throw new InvalidRequestException("amount must be positive, not " + amountMinor);
    }
    if (from.equals(to)) {
      throw new InvalidRequestException("a schedule pays another wallet, not its own");
    }
    if (attempts < 1 || attempts > MAX_ATTEMPTS) {
      throw new InvalidRequestException(
          "attempts must be 1 to " + MAX_ATTEMPTS + ", not " + attempts);
    }
    if (retryEvery.isNegative()
        || (attempts > 1 && retryEvery.compareTo(Duration.ofMinutes(1)) < 0)) {
      throw new InvalidRequestException("retryEvery must be at least a minute when retrying");
    }
    if (failedAttempts < 0 || failedAttempts >= attempts) {
      throw new IllegalStateException(
          "run refused " + failedAttempts + " of " + attempts + " times");
    }
  }

  /** A new schedule, its first run due at {@code firstAt} (on its day, for a monthly one). */
  public static ScheduledTransfer create(
      TransactionId id,
      UserId owner,
      AccountId from,
      AccountId to,
      long amountMinor,
      TransactionDetails details,
      Recurrence recurrence,
      int attempts,
      Duration retryEvery,
      Instant firstAt,
      Instant now) {
    if (firstAt.isBefore(now.minus(Duration.ofMinutes(1)))) {
      throw new InvalidRequestException("firstAt " + firstAt + " is in the past");
    }
    Instant first = recurrence.first(firstAt);
    if (recurrence.until() != null && first.isAfter(recurrence.until())) {
      throw new InvalidRequestException("the schedule ends before its first run");
    }
    return new ScheduledTransfer(
        id,
        owner,
        from,
        to,
        amountMinor,
        details,
        recurrence,
        attempts,
        retryEvery,
        ScheduleStatus.ACTIVE,
        first,
        first,
        0,
        now);
  }

  /** The key a run due at {@code runDue} posts under: the same for every try of that run. */
  public static IdempotencyKey keyOf(TransactionId schedule, Instant runDue) {
    return IdempotencyKey.of("schedule:" + schedule + ":" + runDue);
  }

  /** The key of the current run. */
  public IdempotencyKey currentKey() {
    return keyOf(id, due);
  }

  /** After the current run posted (or was refused for the last time): the next run, or the end. */
  public ScheduledTransfer afterRun() {
    return recurrence
        .after(due)
        .map(next -> with(ScheduleStatus.ACTIVE, next, next, 0))
        .orElseGet(() -> with(ScheduleStatus.FINISHED, due, nextAttemptAt, 0));
  }

  /** After the current run was refused at {@code now}: tried again later, or given up. */
  public ScheduledTransfer afterRefusal(Instant now) {
    int refused = failedAttempts + 1;
    if (refused >= attempts) {
      return afterRun();
    }
    return with(status, due, now.plus(retryEvery), refused);
  }

  public ScheduledTransfer paused() {
    requireStatus(ScheduleStatus.ACTIVE, "paused");
    return with(ScheduleStatus.PAUSED, due, nextAttemptAt, failedAttempts);
  }

  /** Active again; runs that fell due while it was paused are skipped. */
  public ScheduledTransfer resumed(Instant now) {
    requireStatus(ScheduleStatus.PAUSED, "resumed");
    ScheduledTransfer next = with(ScheduleStatus.ACTIVE, due, nextAttemptAt, failedAttempts);
    while (next.status == ScheduleStatus.ACTIVE && next.due.isBefore(now)) {
      next = next.afterRun();
    }
    return next;
  }

  public ScheduledTransfer cancelled() {
    if (status == ScheduleStatus.CANCELLED || status == ScheduleStatus.FINISHED) {
      throw new ScheduleConflictException("schedule " + id + " is " + status + " already");
    }
    return with(ScheduleStatus.CANCELLED, due, nextAttemptAt, failedAttempts);
  }

  private void requireStatus(ScheduleStatus required, String action) {
    if (status != required) {
      throw new ScheduleConflictException(
          "schedule " + id + " is " + status + ": only an " + required + " one is " + action);
    }
  }

  private ScheduledTransfer with(
      ScheduleStatus newStatus, Instant newDue, Instant newAttemptAt, int refused) {
    return new ScheduledTransfer(
        id,
        owner,
        from,
        to,
        amountMinor,
        details,
        recurrence,
        attempts,
        retryEvery,
        newStatus,
        newDue,
        newAttemptAt,
        refused,
        createdAt);
  }
}
