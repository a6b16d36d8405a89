package dev.ewallet.ledger.domain.port.in;

/** The bank answered a withdrawal: operators record it. */
public interface SettleWithdrawalUseCase {

  /**
   * Completes (hold to payout clearing) or fails (hold back to the wallet) a pending withdrawal,
   * once. Of two concurrent settlements exactly one wins.
   *
   * @param command never {@code null}
   * @return the settlement's receipt, never {@code null}
   * @throws dev.ewallet.ledger.domain.error.WithdrawalNotPendingException when it is settled
   *     already
   */
  PostingReceipt settle(SettleWithdrawalCommand command);
}
