package dev.ewallet.ledger.domain.port.out;

import dev.ewallet.ledger.domain.account.AccountId;

/** What an account has in pending withdrawals and holds: its {@code heldAmount}. */
public interface HeldFunds {

  /**
   * @param account never {@code null}
   * @return the sum of the account's pending withdrawals and holds, in minor units; 0 when none
   */
  long heldMinor(AccountId account);
}
