package dev.ewallet.ledger.domain.port.in;

import dev.ewallet.ledger.domain.account.UserId;
import java.util.List;

/** Listing accounts: a user's own, or any owner's for an operator. */
public interface ListAccountsQuery {

  /**
   * @param caller never {@code null}
   * @param ownerId whose accounts; {@code null} means the caller's own. Only operators may name
   *     another owner.
   * @return the accounts in id order, never {@code null}
   */
  List<AccountView> list(Caller caller, UserId ownerId);
}
