package dev.ewallet.ledger.domain.port.in;

import dev.ewallet.ledger.domain.account.AccountId;

/** Remove one of an account's monitors. */
public record RemoveMonitorCommand(Caller caller, AccountId accountId, long monitorId) {

  public RemoveMonitorCommand {
    CommandChecks.present(caller, "caller");
    CommandChecks.present(accountId, "accountId");
  }
}
