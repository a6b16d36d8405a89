package dev.ewallet.ledger.domain.port.out;

import dev.ewallet.ledger.domain.bankflow.Withdrawal;

/**
 * The bank that pays withdrawals out. It is called only after the withdrawal's database transaction
 * committed, never while account rows are locked; its answer arrives later, through the complete
 * and fail use cases.
 */
public interface BankPayoutGateway {

  /**
   * Asks the bank to pay the withdrawal out. Implementations must be idempotent on the withdrawal
   * id: a request may be sent again.
   *
   * @param withdrawal never {@code null}; pending
   * @throws RuntimeException when the bank could not be asked; the withdrawal stays pending
   */
  void requestPayout(Withdrawal withdrawal);

  /**
   * Whether this bank pays to the account each withdrawal names ({@link Withdrawal#payee()}), so
   * that a withdrawal without one is refused before it posts. False for a bank that knows where to
   * pay otherwise.
   */
  default boolean needsPayee() {
    return false;
  }
}
