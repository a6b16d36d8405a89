package dev.ewallet.ledger.domain.port.in;

/** The bank's money for a pending deposit arrived: a statement line or an operator settles it. */
public interface SettleDepositUseCase {

  /**
   * Posts the pending deposit to its wallet as a deposit with its details, and marks it SETTLED in
   * the same unit of work: once, whoever settles it.
   *
   * @throws dev.ewallet.ledger.domain.error.PendingDepositNotPendingException when it settled or
   *     failed already (unless this key settled it: a replay)
   */
  PostingReceipt settle(SettleDepositCommand command);
}
