package dev.ewallet.ledger.domain.port.in;

import dev.ewallet.ledger.domain.account.AccountId;

/**
 * Reopen a closed wallet (operators), paying back what was kept in suspense for it.
 *
 * @param reason why, kept with the change; {@code null} or at most 500 characters
 */
public record ReopenAccountCommand(Caller caller, AccountId accountId, String reason) {

  public ReopenAccountCommand {
    CommandChecks.present(caller, "caller");
    CommandChecks.present(accountId, "accountId");
    CommandChecks.reason(reason);
  }
}
