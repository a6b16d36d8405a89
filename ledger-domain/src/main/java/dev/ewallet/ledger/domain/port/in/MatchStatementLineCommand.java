package dev.ewallet.ledger.domain.port.in;

import dev.ewallet.ledger.domain.journal.TransactionId;

/**
 * The line pays out the withdrawal (a debit: it completes) or returns it (a credit: it fails),
 * whatever its amount: the operator has checked it with the bank.
 */
public record MatchStatementLineCommand(Caller caller, long lineId, TransactionId withdrawalId)
    implements ResolveStatementLineCommand {

  public MatchStatementLineCommand {
    CommandChecks.present(caller, "caller");
    CommandChecks.present(withdrawalId, "withdrawalId");
  }
}
