package dev.ewallet.ledger.domain.port.in;

import dev.ewallet.ledger.domain.bank.BankExceptions;

/** The bank view of reconciliation (operators): what waits too long on the bank side. */
public interface BankExceptionsQuery {

  /**
   * @return never {@code null}
   */
  BankExceptions exceptions(Caller caller);
}
