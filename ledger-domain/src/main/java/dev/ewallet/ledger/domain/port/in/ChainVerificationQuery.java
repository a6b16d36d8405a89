package dev.ewallet.ledger.domain.port.in;

import dev.ewallet.ledger.domain.account.AccountId;

/** Recomputing one account's hash chain: operators only. */
public interface ChainVerificationQuery {

  /**
   * Streams the account's retained entries oldest first, recomputing each link in bounded memory.
   *
   * @throws dev.ewallet.ledger.domain.error.AccountNotFoundException when there is no such account
   * @throws dev.ewallet.ledger.domain.error.AccessDeniedException when the caller is no operator
   */
  ChainVerification verify(Caller caller, AccountId accountId);
}
