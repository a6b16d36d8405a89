package dev.ewallet.ledger.domain.port.out;

import dev.ewallet.ledger.domain.account.UserId;
import dev.ewallet.ledger.domain.journal.IdempotencyKey;
import dev.ewallet.ledger.domain.journal.RequestFingerprint;
import dev.ewallet.ledger.domain.journal.TransactionId;
import dev.ewallet.ledger.domain.schedule.ScheduleExecution;
import dev.ewallet.ledger.domain.schedule.ScheduledTransfer;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/** Where scheduled transfers and their executions are kept. */
public interface ScheduleStore {

  /**
   * Stores a new schedule under the principal's key; the schedule stored earlier under it when the
   * key was used before.
   *
   * @throws dev.ewallet.ledger.domain.error.IdempotencyKeyReusedException when the key scheduled
   *     something with another body
   */
  ScheduledTransfer create(
      ScheduledTransfer schedule, long principalId, IdempotencyKey key, RequestFingerprint body);

  Optional<ScheduledTransfer> find(TransactionId id);

  /** The owner's schedules, newest first. */
  List<ScheduledTransfer> ofOwner(UserId owner, int limit);

  /** Active schedules whose next try is due at {@code now}, earliest first. */
  List<ScheduledTransfer> due(Instant now, int limit);

  /**
   * A schedule moved from {@code before} to {@code after} by {@code execution} ({@code null} for a
   * pause, a resumption or a cancellation).
   */
  record Move(ScheduledTransfer before, ScheduledTransfer after, ScheduleExecution execution) {}

  /**
   * Records every move's execution (once: a run's try recorded before is kept) and replaces each
   * {@code before} by its {@code after} if it is still as read (status, run and tries), all in one
   * unit of work; a schedule another instance moved first is left as it is.
   *
   * @return how many schedules were replaced
   */
  int replaceAll(List<Move> moves);

  /** {@link #replaceAll} of one move; whether it was replaced. */
  default boolean replace(ScheduledTransfer before, ScheduledTransfer after) {
    return replaceAll(List.of(new Move(before, after, null))) == 1;
  }

  /** The schedule's executions, newest first. */
  List<ScheduleExecution> executions(TransactionId id, int limit);
}
