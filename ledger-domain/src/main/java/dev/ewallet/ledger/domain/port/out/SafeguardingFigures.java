package dev.ewallet.ledger.domain.port.out;

import dev.ewallet.ledger.domain.bank.SafeguardingAccount;
import dev.ewallet.ledger.domain.bank.SafeguardingCheck;

/**
 * The terms of the safeguarding check, summed where the rows are (set-based, never by loading
 * accounts one by one).
 */
public interface SafeguardingFigures {

  /** The check of the account's currency, as committed now. */
  SafeguardingCheck check(SafeguardingAccount account);
}
