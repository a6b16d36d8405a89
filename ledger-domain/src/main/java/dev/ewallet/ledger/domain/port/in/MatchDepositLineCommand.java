package dev.ewallet.ledger.domain.port.in;

import dev.ewallet.ledger.domain.journal.TransactionId;

/**
 * The line (a credit) pays in the pending deposit, which settles for its own amount: the operator
 * has checked it with the bank.
 */
public record MatchDepositLineCommand(Caller caller, long lineId, TransactionId depositId)
    implements ResolveStatementLineCommand {

  public MatchDepositLineCommand {
    CommandChecks.present(caller, "caller");
    CommandChecks.present(depositId, "depositId");
  }
}
