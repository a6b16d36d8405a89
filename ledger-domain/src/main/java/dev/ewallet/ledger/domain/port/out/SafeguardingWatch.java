package dev.ewallet.ledger.domain.port.out;

import dev.ewallet.ledger.domain.bank.SafeguardingCheck;

/**
 * Told of every safeguarding check as it is made (after each end-of-day statement's import and on
 * demand), so that operators see the latest one of each currency and are alerted to a shortfall.
 */
public interface SafeguardingWatch {

  /** A watch that looks at nothing: for programs that alert otherwise. */
  SafeguardingWatch NONE = check -> {};

  void checked(SafeguardingCheck check);
}
