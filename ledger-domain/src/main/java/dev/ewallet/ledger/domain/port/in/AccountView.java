package dev.ewallet.ledger.domain.port.in;

import dev.ewallet.ledger.domain.account.Account;
import dev.ewallet.ledger.domain.money.Money;
import java.util.Objects;

/**
 * An account as a client sees it.
 *
 * @param balance for a merchant, the sum over its main account and shards; otherwise the account's
 * @param heldAmount what the account has in pending holds and withdrawals
 * @param shards how many shards a merchant has; 0 for every other account
 */
public record AccountView(Account account, Money balance, Money heldAmount, int shards) {

  public AccountView {
    Objects.requireNonNull(account, "account");
    Objects.requireNonNull(balance, "balance");
    Objects.requireNonNull(heldAmount, "heldAmount");
  }

  /** A view of an account that is not a merchant and has nothing held. */
  public static AccountView of(Account account) {
    return new AccountView(account, account.balance(), Money.zero(account.currency()), 0);
  }
}
