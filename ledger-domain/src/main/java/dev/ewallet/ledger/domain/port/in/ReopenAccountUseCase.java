package dev.ewallet.ledger.domain.port.in;

/**
 * Reopens a closed wallet and pays it back, in one release, everything kept in suspense for it
 * while it was closed. On an open wallet it only releases what is still kept (a reopening whose
 * release failed is finished by asking again).
 */
public interface ReopenAccountUseCase {

  /**
   * @throws dev.ewallet.ledger.domain.error.AccessDeniedException unless the caller is an operator
   */
  AccountView reopen(ReopenAccountCommand command);
}
