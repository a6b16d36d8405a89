package dev.ewallet.ledger.domain.account;

import dev.ewallet.ledger.domain.money.Money;

/**
 * Whether an account may move money. An operator freezes a wallet under review: {@link
 * #FROZEN_DEBITS} stops money leaving it and still lets money in, {@link #FROZEN_ALL} stops both. A
 * wallet whose owner did nothing with it for the dormancy period is {@link #DORMANT}: money still
 * arrives, none leaves until its owner or an operator reactivates it. A {@link #CLOSED} wallet
 * takes no posting at all; money that arrives for it anyway goes by the closed-wallet policy
 * ({@code ClosedWalletCredits}). Which transactions a freeze or dormancy stops is the journal's
 * business ({@code TransactionType}); this says only which direction of change a status lets
 * through.
 */
public enum AccountStatus {
  ACTIVE,
  FROZEN_DEBITS,
  FROZEN_ALL,
  DORMANT,
  CLOSED;

  /** Whether a change of this sign may be posted to an account in this status. */
  public boolean permits(Money change) {
    return switch (this) {
      case ACTIVE -> true;
      case FROZEN_DEBITS, DORMANT -> !change.isNegative();
      case FROZEN_ALL, CLOSED -> false;
    };
  }

  /** Whether the wallet still counts among its owner's wallets: every status but closed. */
  public boolean isOpen() {
    return this != CLOSED;
  }
}
