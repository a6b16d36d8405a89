package dev.ewallet.ledger.domain.port.in;

/** Capturing and voiding holds. */
public interface SettleHoldUseCase {

  /**
   * Captures (hold to destination, any rest to the wallet) or releases (hold to the wallet) a
   * pending hold, once: of a concurrent capture, void and expiry exactly one wins. A release after
   * {@code expiresAt} ends the hold EXPIRED, before it VOIDED; an expired hold cannot be captured.
   *
   * @param command never {@code null}
   * @return never {@code null}
   * @throws dev.ewallet.ledger.domain.error.HoldNotPendingException when it has ended already
   */
  PostingReceipt settle(SettleHoldCommand command);
}
