package dev.ewallet.ledger.testkit;

import dev.ewallet.ledger.domain.account.UserId;
import dev.ewallet.ledger.domain.error.IdempotencyKeyReusedException;
import dev.ewallet.ledger.domain.journal.IdempotencyKey;
import dev.ewallet.ledger.domain.journal.RequestFingerprint;
import dev.ewallet.ledger.domain.journal.TransactionId;
import dev.ewallet.ledger.domain.port.out.ScheduleStore;
import dev.ewallet.ledger.domain.schedule.ScheduleExecution;
import dev.ewallet.ledger.domain.schedule.ScheduleStatus;
import dev.ewallet.ledger.domain.schedule.ScheduledTransfer;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** {@link ScheduleStore} in memory, thread-safe by one lock, for tests and for trying it out. */
public final class InMemorySchedules implements ScheduleStore {

  private record Keyed(TransactionId id, RequestFingerprint body) {}

  private final Map<TransactionId, ScheduledTransfer> schedules = new LinkedHashMap<>();
  private final Map<String, Keyed> keys = new HashMap<>();
  private final List<ScheduleExecution> executions = new ArrayList<>();

  @Override
  public synchronized ScheduledTransfer create(
      ScheduledTransfer schedule, long principalId, IdempotencyKey key, RequestFingerprint body) {
    Keyed earlier = keys.get(principalId + ":" + key.value());
    if (earlier != null) {
      if (!earlier.body().equals(body)) {
        throw new IdempotencyKeyReusedException(key.value());
      }
      return schedules.get(earlier.id());
    }
    keys.put(principalId + ":" + key.value(), new Keyed(schedule.id(), body));
    schedules.put(schedule.id(), schedule);
    return schedule;
  }

  @Override
  public synchronized Optional<ScheduledTransfer> find(TransactionId id) {
    return Optional.ofNullable(schedules.get(id));
  }

  @Override
  public synchronized List<ScheduledTransfer> ofOwner(UserId owner, int limit) {
    return schedules.values().stream()
        .filter(s -> s.owner().equals(owner))
        .sorted(Comparator.comparing(ScheduledTransfer::createdAt).reversed())
        .limit(limit)
        .toList();
  }

  @Override
  public synchronized List<ScheduledTransfer> due(Instant now, int limit) {
    return schedules.values().stream()
        .filter(s -> s.status() == ScheduleStatus.ACTIVE && !s.nextAttemptAt().isAfter(now))
        .sorted(Comparator.comparing(ScheduledTransfer::nextAttemptAt))
        .limit(limit)
        .toList();
  }

  @Override
  public synchronized int replaceAll(List<Move> moves) {
    int replaced = 0;
    for (Move move : moves) {
      if (replace(move.before(), move.after(), move.execution())) {
        replaced++;
      }
    }
    return replaced;
  }

  private boolean replace(
      ScheduledTransfer before, ScheduledTransfer after, ScheduleExecution execution) {
    if (execution != null
        && executions.stream()
            .noneMatch(e ->
                e.scheduleId().equals(execution.scheduleId())
                    && e.due().equals(execution.due())
                    && e.attempt() == execution.attempt())) {
      executions.add(execution);
    }
    ScheduledTransfer current = schedules.get(before.id());
    if (current == null
        || current.status() != before.status()
        || !current.due().equals(before.due())
        || current.failedAttempts() != before.failedAttempts()) {
      return false;
    }
    schedules.put(after.id(), after);
    return true;
  }

  @Override
  public synchronized List<ScheduleExecution> executions(TransactionId id, int limit) {
    return executions.stream()
        .filter(e -> e.scheduleId().equals(id))
        .sorted(
            Comparator.comparing(ScheduleExecution::due)
                .thenComparing(ScheduleExecution::attempt)
                .reversed())
        .limit(limit)
        .toList();
  }
}
