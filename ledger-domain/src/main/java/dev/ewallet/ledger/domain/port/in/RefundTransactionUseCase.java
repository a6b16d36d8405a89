package dev.ewallet.ledger.domain.port.in;

/** Partial refunds of transfers: operators only. */
public interface RefundTransactionUseCase {

  /**
   * Posts a {@code REFUND} linked to the transfer, moving the amount from the payee (where the
   * money now is, for a sharded merchant) back to the payer. Refunds may follow one another while
   * their sum stays within the transfer's amount; that sum is read with the transfer's accounts
   * locked, so concurrent refunds can never exceed it together.
   *
   * @param command never {@code null}
   * @return the refund's receipt, or the earlier one for a replayed key
   * @throws dev.ewallet.ledger.domain.error.RefundExceedsOriginalException beyond the amount
   * @throws dev.ewallet.ledger.domain.error.AlreadyReversedException when the transfer was reversed
   * @throws dev.ewallet.ledger.domain.error.InvalidRequestException when it is not a transfer
   */
  PostingReceipt refund(RefundTransactionCommand command);
}
