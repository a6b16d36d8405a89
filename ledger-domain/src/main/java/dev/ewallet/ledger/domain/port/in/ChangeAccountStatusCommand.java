package dev.ewallet.ledger.domain.port.in;

import dev.ewallet.ledger.domain.account.AccountId;
import dev.ewallet.ledger.domain.account.AccountStatus;

/**
 * Freeze a wallet, or lift its freeze ({@link AccountStatus#ACTIVE}).
 *
 * @param reason why, kept with the change; {@code null} or at most 500 characters
 */
public record ChangeAccountStatusCommand(
    Caller caller, AccountId accountId, AccountStatus status, String reason) {

  public ChangeAccountStatusCommand {
    CommandChecks.present(caller, "caller");
    CommandChecks.present(accountId, "accountId");
    CommandChecks.present(status, "mode");
    CommandChecks.reason(reason);
  }
}
