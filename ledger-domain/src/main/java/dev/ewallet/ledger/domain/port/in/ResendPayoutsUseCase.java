package dev.ewallet.ledger.domain.port.in;

/**
 * The payout job: a withdrawal committed as PENDING whose bank request was never sent (the process
 * stopped between the commit and the call, or the bank could not be reached) is sent again, with
 * the withdrawal id as the bank's idempotency key.
 */
public interface ResendPayoutsUseCase {

  /**
   * @param command never {@code null}
   * @return how many payout requests the bank accepted in this call
   */
  int resend(ResendPayoutsCommand command);
}
