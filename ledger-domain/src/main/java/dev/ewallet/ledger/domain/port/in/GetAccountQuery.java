package dev.ewallet.ledger.domain.port.in;

import dev.ewallet.ledger.domain.account.AccountId;

/** Reading one account: its owner or an operator. */
public interface GetAccountQuery {

  /**
   * @param caller never {@code null}
   * @param accountId never {@code null}
   * @return never {@code null}
   * @throws dev.ewallet.ledger.domain.error.AccountNotFoundException when it does not exist
   * @throws dev.ewallet.ledger.domain.error.AccessDeniedException when it is someone else's
   */
  AccountView get(Caller caller, AccountId accountId);
}
