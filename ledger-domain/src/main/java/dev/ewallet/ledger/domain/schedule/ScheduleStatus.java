package dev.ewallet.ledger.domain.schedule;

/** Where a scheduled transfer stands. */
public enum ScheduleStatus {
  /** Its runs post when due. */
  ACTIVE,
  /** Its payer paused it: no run posts until it is resumed; runs due meanwhile are skipped. */
  PAUSED,
  /** Its payer cancelled it: no run posts again. */
  CANCELLED,
  /** Its last run is behind it (once, or past its end). */
  FINISHED
}
