package dev.ewallet.ledger.domain.port.in;

import dev.ewallet.ledger.domain.journal.TransactionId;

/** Reading a transaction: an operator, or the owner of an account it touches. */
public interface GetTransactionQuery {

  /**
   * @param caller never {@code null}
   * @param transactionId never {@code null}
   * @return the transaction with its entries, as the caller may see it; never {@code null}
   * @throws dev.ewallet.ledger.domain.error.TransactionNotFoundException when it does not exist
   * @throws dev.ewallet.ledger.domain.error.AccessDeniedException when it touches none of the
   *     caller's accounts
   */
  TransactionView get(Caller caller, TransactionId transactionId);
}
