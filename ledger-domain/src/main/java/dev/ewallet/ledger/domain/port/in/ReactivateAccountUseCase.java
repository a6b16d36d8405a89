package dev.ewallet.ledger.domain.port.in;

/**
 * Makes a dormant wallet active again, recorded and published like every status change. A wallet
 * that is not dormant is left as it is (a freeze is lifted by an operator only).
 */
public interface ReactivateAccountUseCase {

  /**
   * @throws dev.ewallet.ledger.domain.error.AccessDeniedException unless the caller is its owner or
   *     an operator
   * @throws dev.ewallet.ledger.domain.error.AccountClosedException when it is closed
   */
  AccountView reactivate(ReactivateAccountCommand command);
}
