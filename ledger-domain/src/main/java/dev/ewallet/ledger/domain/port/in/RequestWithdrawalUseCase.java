package dev.ewallet.ledger.domain.port.in;

/** Withdrawals: only the wallet's owner may start one. */
public interface RequestWithdrawalUseCase {

  /**
   * Moves the amount from the wallet to the hold account (the withdrawal is then PENDING), commits,
   * and only then asks the bank to pay out. The receipt's transaction id is the withdrawal id.
   *
   * @param command never {@code null}
   * @return never {@code null}
   * @throws dev.ewallet.ledger.domain.error.LedgerException for every business rejection; nothing
   *     is written and the key stays free
   */
  PostingReceipt request(RequestWithdrawalCommand command);
}
