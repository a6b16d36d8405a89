package dev.ewallet.ledger.domain.port.in;

/** Authorizations: the wallet's owner or an operator reserves funds. */
public interface PlaceHoldUseCase {

  /**
   * Moves the amount from the wallet to the hold account; the hold is then PENDING until captured,
   * voided or expired. The receipt's transaction id is the hold id.
   *
   * @param command never {@code null}
   * @return never {@code null}
   * @throws dev.ewallet.ledger.domain.error.LedgerException for every business rejection, including
   *     an {@code expiresAt} that is not in the future or more than 30 days ahead
   */
  PostingReceipt place(PlaceHoldCommand command);
}
