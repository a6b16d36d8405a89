package dev.ewallet.ledger.domain.port.out;

import dev.ewallet.ledger.domain.account.AccountId;
import dev.ewallet.ledger.domain.account.EntryHash;
import dev.ewallet.ledger.domain.money.Money;
import java.util.Objects;

/**
 * What a unit of work does to one locked account's row: adds {@code delta} to its balance and moves
 * the end of its hash chain from {@code previousHash} (what the row held when locked) to {@code
 * lastHash}. Storage refuses a row whose chain no longer ends at {@code previousHash}.
 */
public record AccountUpdate(
    AccountId accountId, Money delta, EntryHash previousHash, EntryHash lastHash) {

  public AccountUpdate {
    Objects.requireNonNull(accountId, "accountId");
    Objects.requireNonNull(delta, "delta");
    Objects.requireNonNull(previousHash, "previousHash");
    Objects.requireNonNull(lastHash, "lastHash");
  }
}
