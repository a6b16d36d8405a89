package dev.ewallet.ledger.domain.port.in;

import dev.ewallet.ledger.domain.account.AccountId;

/**
 * Close a wallet: its owner or an operator, at a zero balance with nothing held or announced.
 *
 * @param reason why, kept with the change; {@code null} or at most 500 characters
 */
public record CloseAccountCommand(Caller caller, AccountId accountId, String reason) {

  public CloseAccountCommand {
    CommandChecks.present(caller, "caller");
    CommandChecks.present(accountId, "accountId");
    CommandChecks.reason(reason);
  }
}
