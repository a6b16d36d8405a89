package dev.ewallet.ledger.domain.port.in;

/**
 * Closes a wallet for good, until an operator reopens it: it takes no posting from then on, and
 * money that arrives for it anyway goes by the closed-wallet policy. Closing a closed wallet again
 * changes nothing.
 */
public interface CloseAccountUseCase {

  /**
   * @throws dev.ewallet.ledger.domain.error.AccountNotEmptyException when it holds or expects money
   * @throws dev.ewallet.ledger.domain.error.AccessDeniedException when the caller is neither its
   *     owner nor an operator
   */
  AccountView close(CloseAccountCommand command);
}
