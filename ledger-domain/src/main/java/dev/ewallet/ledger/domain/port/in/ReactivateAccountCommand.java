package dev.ewallet.ledger.domain.port.in;

import dev.ewallet.ledger.domain.account.AccountId;

/** Wake a dormant wallet: its owner, or an operator. */
public record ReactivateAccountCommand(Caller caller, AccountId accountId) {

  public ReactivateAccountCommand {
    CommandChecks.present(caller, "caller");
    CommandChecks.present(accountId, "accountId");
  }
}
