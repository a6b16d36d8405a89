package dev.ewallet.ledger.domain.port.in;

import dev.ewallet.ledger.domain.bankflow.Withdrawal;
import dev.ewallet.ledger.domain.journal.TransactionId;

/** Reading a withdrawal: the wallet's owner or an operator. */
public interface GetWithdrawalQuery {

  /**
   * @return never {@code null}
   * @throws dev.ewallet.ledger.domain.error.WithdrawalNotFoundException when there is none
   */
  Withdrawal get(Caller caller, TransactionId withdrawalId);
}
