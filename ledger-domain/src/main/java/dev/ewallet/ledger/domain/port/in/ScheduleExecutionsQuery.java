package dev.ewallet.ledger.domain.port.in;

import dev.ewallet.ledger.domain.journal.TransactionId;
import dev.ewallet.ledger.domain.schedule.ScheduleExecution;
import java.util.List;

/** Every try of a scheduled transfer's runs: the caller's own (operators: anyone's). */
public interface ScheduleExecutionsQuery {

  /**
   * Its tries, newest first, at most {@code limit} (1 to 100).
   *
   * @throws dev.ewallet.ledger.domain.error.ScheduleNotFoundException when it is not the caller's
   */
  List<ScheduleExecution> executions(Caller caller, TransactionId id, int limit);
}
