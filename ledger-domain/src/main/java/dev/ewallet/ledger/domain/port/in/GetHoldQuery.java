package dev.ewallet.ledger.domain.port.in;

import dev.ewallet.ledger.domain.bankflow.Hold;
import dev.ewallet.ledger.domain.journal.TransactionId;

/** Reading a hold: the wallet's owner or an operator. */
public interface GetHoldQuery {

  /**
   * @return never {@code null}
   * @throws dev.ewallet.ledger.domain.error.HoldNotFoundException when there is none
   */
  Hold get(Caller caller, TransactionId holdId);
}
