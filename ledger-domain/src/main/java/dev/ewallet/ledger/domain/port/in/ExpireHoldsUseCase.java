package dev.ewallet.ledger.domain.port.in;

/** The expiry job: pending holds past their {@code expiresAt} go back to their wallets. */
public interface ExpireHoldsUseCase {

  /**
   * Releases expired holds, each as the system with an idempotency key derived from the hold, so a
   * hold is released once even when two jobs or a capture race for it.
   *
   * @param command never {@code null}
   * @return how many holds this call released
   */
  int expire(ExpireHoldsCommand command);
}
