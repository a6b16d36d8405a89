package dev.ewallet.ledger.domain.port.in;

/** Writes a recorded payment file again from its record, the same bytes, gathering nothing new. */
public interface ResendPayoutFileUseCase {

  /**
   * @throws dev.ewallet.ledger.domain.error.PayoutFileNotFoundException when no file has this id
   */
  PayoutFileReceipt resend(ResendPayoutFileCommand command);
}
