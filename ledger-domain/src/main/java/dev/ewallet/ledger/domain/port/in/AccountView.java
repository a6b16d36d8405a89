package dev.ewallet.ledger.domain.port.in;

import dev.ewallet.ledger.domain.account.Account;
import dev.ewallet.ledger.domain.bankflow.DepositReference;
import dev.ewallet.ledger.domain.money.Money;
import java.util.Objects;
import java.util.Optional;

/**
 * An account as a client sees it.
 *
 * @param balance for a merchant, the sum over its main account and shards; otherwise the account's
 * @param heldAmount what the account has in pending holds and withdrawals
 * @param pendingIn what pending deposits announce for the account: not spendable, not in the
 *     balance
 * @param shards how many shards a merchant has; 0 for every other account
 * @param version the sum, over the account and its shards, of the id of each one's newest entry (0
 *     for none). An account's entries are appended under its row lock, so each term only grows, and
 *     the sum grows whenever any balance changes.
 */
public record AccountView(
    Account account, Money balance, Money heldAmount, Money pendingIn, int shards, long version) {

  public AccountView {
    Objects.requireNonNull(account, "account");
    Objects.requireNonNull(balance, "balance");
    Objects.requireNonNull(heldAmount, "heldAmount");
    Objects.requireNonNull(pendingIn, "pendingIn");
    if (shards < 0 || version < 0) {
      throw new IllegalArgumentException("shards and version are never negative");
    }
  }

  /**
   * Names what a client sees of the account: two views of one account with the same revision show
   * the same balance, held amount, pending credits, shards and status, so a client that holds a
   * view of that revision need not be sent it again. The held amount is part of it because a hold
   * can be captured, or a withdrawal completed, without an entry on the account itself; it can only
   * grow again with one. Pending credits come and go without any entry, and the status changes with
   * no entry at all.
   */
  public String revision() {
    return version
        + "."
        + heldAmount.amountMinor()
        + "."
        + pendingIn.amountMinor()
        + "."
        + shards
        + "."
        + account.status().ordinal();
  }

  /**
   * What the holder writes on a bank transfer to have it credited to this wallet
   * (docs/bank-reconciliation.md); empty for an account that is no wallet.
   */
  public Optional<DepositReference> depositReference() {
    return account.kind().isWallet()
        ? Optional.of(DepositReference.of(account.id()))
        : Optional.empty();
  }
}
