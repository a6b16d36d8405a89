package dev.ewallet.ledger.domain.port.in;

import dev.ewallet.ledger.domain.schedule.ScheduledTransfer;
import java.util.List;

/** The caller's scheduled transfers. */
public interface ScheduledTransfersQuery {

  /** The caller's own schedules, newest first, at most {@code limit} (1 to 100). */
  List<ScheduledTransfer> schedules(Caller caller, int limit);
}
