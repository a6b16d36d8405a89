package dev.ewallet.ledger.domain.port.in;

import dev.ewallet.ledger.domain.journal.TransactionId;
import dev.ewallet.ledger.domain.schedule.ScheduledTransfer;

/** One scheduled transfer: the caller's own (operators: anyone's). */
public interface ScheduledTransferQuery {

  /**
   * @throws dev.ewallet.ledger.domain.error.ScheduleNotFoundException when it is not the caller's
   */
  ScheduledTransfer schedule(Caller caller, TransactionId id);
}
