package dev.ewallet.ledger.domain.error;

/** The scheduled transfer is not in a state that allows this: resuming an active one, say. */
public final class ScheduleConflictException extends LedgerException {

  public ScheduleConflictException(String message) {
    super(message);
  }
}
