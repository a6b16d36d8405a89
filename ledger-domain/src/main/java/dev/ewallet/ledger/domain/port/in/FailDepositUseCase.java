package dev.ewallet.ledger.domain.port.in;

import dev.ewallet.ledger.domain.bankflow.PendingDeposit;

/** The money of a pending deposit never came: operators fail it. */
public interface FailDepositUseCase {

  /**
   * Fails the pending deposit with the command's reason: nothing is posted, it leaves the wallet's
   * {@code pendingIn}.
   *
   * @return the failed deposit, never {@code null}
   * @throws dev.ewallet.ledger.domain.error.PendingDepositNotPendingException when it settled, or
   *     failed under another key
   */
  PendingDeposit fail(FailDepositCommand command);
}
