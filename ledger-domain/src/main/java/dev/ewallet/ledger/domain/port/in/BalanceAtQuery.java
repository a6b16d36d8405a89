package dev.ewallet.ledger.domain.port.in;

import dev.ewallet.ledger.domain.account.AccountId;
import java.time.Instant;

/** An account's balance at an instant, from the journal: the owner or an operator. */
public interface BalanceAtQuery {

  /**
   * @return the balance after the account's last entry at or before {@code at}
   * @throws dev.ewallet.ledger.domain.error.AccountNotFoundException when there is no such account
   * @throws dev.ewallet.ledger.domain.error.AccessDeniedException when the caller may not read it
   * @throws dev.ewallet.ledger.domain.error.InvalidRequestException when {@code at} falls before
   *     the account's retained history (its older entries are archived)
   */
  BalanceAt balanceAt(Caller caller, AccountId accountId, Instant at);
}
