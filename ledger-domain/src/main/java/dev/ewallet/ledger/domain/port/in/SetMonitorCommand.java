package dev.ewallet.ledger.domain.port.in;

import dev.ewallet.ledger.domain.account.AccountId;
import dev.ewallet.ledger.domain.monitor.MonitorCondition;

/**
 * Watch an account: fire {@code balance.monitor.triggered} each time the condition becomes true.
 */
public record SetMonitorCommand(Caller caller, AccountId accountId, MonitorCondition condition) {

  public SetMonitorCommand {
    CommandChecks.present(caller, "caller");
    CommandChecks.present(accountId, "accountId");
    CommandChecks.present(condition, "condition");
  }
}
