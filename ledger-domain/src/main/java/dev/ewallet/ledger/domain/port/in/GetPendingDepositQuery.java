package dev.ewallet.ledger.domain.port.in;

import dev.ewallet.ledger.domain.bankflow.PendingDeposit;
import dev.ewallet.ledger.domain.journal.TransactionId;

/** Reading a pending deposit: the wallet's owner or an operator. */
public interface GetPendingDepositQuery {

  /**
   * @return never {@code null}
   * @throws dev.ewallet.ledger.domain.error.PendingDepositNotFoundException when there is none
   */
  PendingDeposit get(Caller caller, TransactionId depositId);
}
