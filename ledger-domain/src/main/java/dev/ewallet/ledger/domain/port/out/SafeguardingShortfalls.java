package dev.ewallet.ledger.domain.port.out;

import dev.ewallet.ledger.domain.bank.SafeguardingShortfall;

/** The record of safeguarding shortfalls, one per end-of-day statement, and their events. */
public interface SafeguardingShortfalls {

  /**
   * Records the shortfall against the statement its check compared with, and appends its {@code
   * safeguarding.shortfall} event to the outbox, atomically, unless a shortfall was recorded
   * against that statement before: then it changes nothing.
   *
   * @return whether it was recorded now, and so will be announced
   */
  boolean recordOnce(SafeguardingShortfall shortfall);
}
