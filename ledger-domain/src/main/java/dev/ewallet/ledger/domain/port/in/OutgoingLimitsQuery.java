package dev.ewallet.ledger.domain.port.in;

import dev.ewallet.ledger.domain.account.AccountId;

/** A wallet's outgoing limits, what it used of them and when they reset: its owner or operators. */
public interface OutgoingLimitsQuery {

  /**
   * @return never {@code null}
   * @throws dev.ewallet.ledger.domain.error.AccountNotFoundException when there is no such account
   * @throws dev.ewallet.ledger.domain.error.AccessDeniedException for anyone else
   */
  OutgoingLimitsView limits(Caller caller, AccountId accountId);
}
