package dev.ewallet.ledger.adapter.banksimulator;

import dev.ewallet.ledger.domain.journal.TransactionId;
import dev.ewallet.ledger.domain.port.out.BankPayoutGateway;

/** What the simulated bank of a running service was asked, for system tests. */
public final class SimulatedBank {

  private SimulatedBank() {}

  /** How many times {@code bank}, the simulator, was asked to pay the withdrawal out. */
  public static int payoutRequestsFor(BankPayoutGateway bank, TransactionId withdrawalId) {
    return ((SimulatedBankPayoutGatewayAdapter) bank).payoutRequestsFor(withdrawalId);
  }
}
