package dev.ewallet.ledger.domain.port.in;

import dev.ewallet.ledger.domain.bank.PayoutFile;

/** Reading a recorded payment file of payouts (operators). */
public interface GetPayoutFileQuery {

  /**
   * @return the file with its payouts in their order in it, never {@code null}
   * @throws dev.ewallet.ledger.domain.error.PayoutFileNotFoundException when there is none
   */
  PayoutFile get(Caller caller, String fileId);
}
