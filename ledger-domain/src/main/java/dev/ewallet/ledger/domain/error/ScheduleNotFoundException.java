package dev.ewallet.ledger.domain.error;

/** No scheduled transfer with this id is the caller's (or, for operators, exists). */
public final class ScheduleNotFoundException extends LedgerException {

  public ScheduleNotFoundException(String id) {
    super("scheduled transfer " + id + " not found");
  }
}
