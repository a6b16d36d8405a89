package dev.ewallet.ledger.domain.port.in;

/** Opening wallets: users open their own, operators open them for anyone. */
public interface CreateAccountUseCase {

  /**
   * Opens an account with a zero balance.
   *
   * @param command never {@code null}
   * @return the new account, never {@code null}
   * @throws dev.ewallet.ledger.domain.error.AccessDeniedException when a user names another owner
   *     or a kind
   * @throws dev.ewallet.ledger.domain.error.InvalidRequestException for a kind that cannot be
   *     opened through this use case
   */
  AccountView create(CreateAccountCommand command);
}
