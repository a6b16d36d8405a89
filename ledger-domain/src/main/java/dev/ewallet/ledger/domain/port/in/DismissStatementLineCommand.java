package dev.ewallet.ledger.domain.port.in;

import dev.ewallet.ledger.domain.error.InvalidRequestException;

/**
 * The line needs nothing from the ledger (a bank fee, interest, a transfer between own accounts).
 */
public record DismissStatementLineCommand(Caller caller, long lineId, String reason)
    implements ResolveStatementLineCommand {

  public DismissStatementLineCommand {
    CommandChecks.present(caller, "caller");
    if (reason == null || reason.isBlank() || reason.length() > 500) {
      throw new InvalidRequestException("a dismissal needs a reason of 1 to 500 characters");
    }
  }
}
