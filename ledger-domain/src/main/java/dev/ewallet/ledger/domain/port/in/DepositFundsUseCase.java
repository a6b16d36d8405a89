package dev.ewallet.ledger.domain.port.in;

/** Deposits: the bank confirmed money for a wallet. Operators only. */
public interface DepositFundsUseCase {

  /**
   * Posts the deposit once per idempotency key, booked against the bank clearing account of the
   * wallet's currency.
   *
   * @param command never {@code null}
   * @return never {@code null}
   * @throws dev.ewallet.ledger.domain.error.LedgerException for every business rejection; nothing
   *     is written and the key stays free
   */
  PostingReceipt deposit(DepositFundsCommand command);
}
