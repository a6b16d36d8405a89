package dev.ewallet.ledger.domain.port.in;

/** Reversals: an operator undoes a transaction by posting its negation. */
public interface ReverseTransactionUseCase {

  /**
   * Posts the reversal once per idempotency key. A transaction is reversed at most once, whatever
   * the keys: a second reversal is refused with {@code AlreadyReversedException}.
   *
   * @param command never {@code null}
   * @return the reversal's receipt, never {@code null}
   * @throws dev.ewallet.ledger.domain.error.LedgerException for every business rejection, including
   *     insufficient funds when the money has left a wallet since
   */
  PostingReceipt reverse(ReverseTransactionCommand command);
}
