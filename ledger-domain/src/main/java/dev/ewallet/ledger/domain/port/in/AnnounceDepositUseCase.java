package dev.ewallet.ledger.domain.port.in;

import dev.ewallet.ledger.domain.bankflow.AnnouncedDeposit;

/**
 * The bank announced money for a wallet that has not settled (docs/bank-reconciliation.md):
 * operators record it as a pending deposit.
 */
public interface AnnounceDepositUseCase {

  /**
   * Announces a pending deposit to the command's wallet: nothing is posted, the wallet shows it as
   * {@code pendingIn}. Its reference is refused when a posted deposit of the currency carries it or
   * another pending one waits with it.
   *
   * @throws dev.ewallet.ledger.domain.error.DuplicateReferenceException when it is taken
   * @throws dev.ewallet.ledger.domain.error.IdempotencyKeyReusedException when the key announced
   *     another pending deposit
   */
  AnnouncedDeposit announce(DepositFundsCommand command);
}
