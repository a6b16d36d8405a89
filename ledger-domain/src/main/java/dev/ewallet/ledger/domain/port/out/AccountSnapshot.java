package dev.ewallet.ledger.domain.port.out;

import dev.ewallet.ledger.domain.account.Account;
import dev.ewallet.ledger.domain.money.Money;
import java.util.Objects;

/**
 * An account read at one instant, with everything a client sees of it.
 *
 * @param balance for a merchant, the sum over its main account and shards; otherwise the account's
 * @param heldAmount what the account has in pending holds and withdrawals
 * @param shards how many shards a merchant has; 0 for every other account
 * @param version the sum, over the account and its shards, of the id of each one's newest entry (0
 *     for none). An account's entries are appended under its row lock, so each term only grows, and
 *     the sum grows whenever any balance changes; with {@code heldAmount} and {@code shards} it
 *     tells whether anything a client sees has changed.
 */
public record AccountSnapshot(
    Account account, Money balance, Money heldAmount, int shards, long version) {

  public AccountSnapshot {
    Objects.requireNonNull(account, "account");
    Objects.requireNonNull(balance, "balance");
    Objects.requireNonNull(heldAmount, "heldAmount");
    if (shards < 0 || version < 0) {
      throw new IllegalArgumentException("shards and version are never negative");
    }
  }
}
