package dev.ewallet.ledger.domain.port.in;

import dev.ewallet.ledger.domain.account.Account;
import dev.ewallet.ledger.domain.money.Money;
import java.util.Objects;

/**
 * An account as a client sees it.
 *
 * @param heldAmount what the account has in pending holds and withdrawals
 */
public record AccountView(Account account, Money heldAmount) {

  public AccountView {
    Objects.requireNonNull(account, "account");
    Objects.requireNonNull(heldAmount, "heldAmount");
  }

  /** A view of an account with nothing held. */
  public static AccountView of(Account account) {
    return new AccountView(account, Money.zero(account.currency()));
  }
}
