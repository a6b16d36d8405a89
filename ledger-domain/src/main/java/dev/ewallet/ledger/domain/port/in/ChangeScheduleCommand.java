package dev.ewallet.ledger.domain.port.in;

import dev.ewallet.ledger.domain.journal.TransactionId;

/** Pause, resume or cancel one of the caller's scheduled transfers (operators: anyone's). */
public record ChangeScheduleCommand(Caller caller, TransactionId scheduleId, Change change) {

  public enum Change {
    PAUSE,
    RESUME,
    CANCEL
  }

  public ChangeScheduleCommand {
    CommandChecks.present(caller, "caller");
    CommandChecks.present(scheduleId, "scheduleId");
    CommandChecks.present(change, "change");
  }
}
