package dev.ewallet.ledger.domain.port.in;

/** Freezing a wallet under review and lifting the freeze: operators only. */
public interface ChangeAccountStatusUseCase {

  /**
   * Sets the wallet's status (a merchant's shards with it) under the accounts' row locks, so a
   * posting on the wallet either committed before the change or sees it, and records who changed
   * it, when and why. Setting the status it already has records the request again and changes
   * nothing else.
   *
   * @param command never {@code null}
   * @return the wallet as it now is, never {@code null}
   */
  AccountView changeStatus(ChangeAccountStatusCommand command);
}
