package dev.ewallet.ledger.domain.port.in;

/** Operators' multi-leg postings between wallets. */
public interface PostLegsUseCase {

  /**
   * Posts the legs as one transaction under the rules of every posting (locks in id order, balances
   * and freezes checked once locked, per-currency amount limits, overflow), or nothing.
   *
   * @param command never {@code null}
   * @return the posted transaction's receipt, or the earlier one for a replayed key
   * @throws dev.ewallet.ledger.domain.error.InvalidRequestException when the legs of a currency do
   *     not sum to zero
   */
  PostingReceipt post(PostLegsCommand command);
}
