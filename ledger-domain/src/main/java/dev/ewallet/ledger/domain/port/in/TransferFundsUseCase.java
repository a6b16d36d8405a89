package dev.ewallet.ledger.domain.port.in;

/** Transfers between two wallets of one currency; only the source wallet's owner may. */
public interface TransferFundsUseCase {

  /**
   * Posts the transfer once per idempotency key: a resend with the same key and request returns the
   * first receipt with {@code replayed} set, and posts nothing.
   *
   * @param command never {@code null}
   * @return never {@code null}
   * @throws dev.ewallet.ledger.domain.error.LedgerException for every business rejection (unknown
   *     account, not the owner, currency mismatch, insufficient funds, key reused); nothing is
   *     written and the key stays free
   */
  PostingReceipt transfer(TransferFundsCommand command);
}
