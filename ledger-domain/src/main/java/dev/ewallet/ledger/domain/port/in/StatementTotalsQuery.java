package dev.ewallet.ledger.domain.port.in;

import dev.ewallet.ledger.domain.account.AccountId;
import java.time.Instant;

/** A statement's totals without its entries: what a caller asks before streaming them. */
public interface StatementTotalsQuery {

  /**
   * @return the statement with no entries, checked as {@link StatementQuery#statement} checks it
   *     (whatever the number of entries)
   */
  Statement totals(Caller caller, AccountId accountId, Instant from, Instant to);
}
