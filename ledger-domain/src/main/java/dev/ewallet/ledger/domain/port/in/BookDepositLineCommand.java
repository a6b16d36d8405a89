package dev.ewallet.ledger.domain.port.in;

import dev.ewallet.ledger.domain.account.AccountId;

/**
 * The line (a credit nobody announced) is a customer's money: it is booked as a deposit of its
 * amount to the wallet, once, and the line is matched to that deposit.
 */
public record BookDepositLineCommand(Caller caller, long lineId, AccountId accountId)
    implements ResolveStatementLineCommand {

  public BookDepositLineCommand {
    CommandChecks.present(caller, "caller");
    CommandChecks.present(accountId, "accountId");
  }
}
