package dev.ewallet.ledger.domain.port.in;

import dev.ewallet.ledger.domain.account.AccountId;
import dev.ewallet.ledger.domain.error.InvalidRequestException;

/**
 * Set a wallet's own outgoing limits.
 *
 * @param dailyOut minor units per UTC day; {@code null} for its currency's default
 * @param monthlyOut minor units per UTC month; {@code null} for its currency's default
 */
public record SetOutgoingLimitsCommand(
    Caller caller, AccountId accountId, Long dailyOut, Long monthlyOut) {

  public SetOutgoingLimitsCommand {
    CommandChecks.present(caller, "caller");
    CommandChecks.present(accountId, "accountId");
    if ((dailyOut != null && dailyOut < 0) || (monthlyOut != null && monthlyOut < 0)) {
      throw new InvalidRequestException(
          "a limit is 0 or more minor units, or null for the default");
    }
  }
}
