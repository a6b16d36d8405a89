package dev.ewallet.ledger.domain.port.in;

/** Per-wallet outgoing limits (a KYC tier's caps): operators only. */
public interface SetOutgoingLimitsUseCase {

  /**
   * Sets the wallet's own limits, under its row lock: postings after it are checked against them.
   *
   * @param command never {@code null}
   * @return the limits as they now stand, never {@code null}
   */
  OutgoingLimitsView setLimits(SetOutgoingLimitsCommand command);
}
