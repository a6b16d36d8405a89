package dev.ewallet.ledger.domain.port.in;

import dev.ewallet.ledger.domain.account.Account;
import dev.ewallet.ledger.domain.money.Money;
import java.time.Instant;
import java.util.Objects;

/**
 * What an account held at an instant: the balance after its last entry at or before {@code at} (for
 * a merchant, summed over the merchant and its shards), zero before its first entry.
 *
 * @param lastEntryId that entry (for a merchant, the latest of its and its shards'), or {@code
 *     null} before the first
 */
public record BalanceAt(Account account, Instant at, Money balance, Long lastEntryId) {

  public BalanceAt {
    Objects.requireNonNull(account, "account");
    Objects.requireNonNull(at, "at");
    Objects.requireNonNull(balance, "balance");
  }
}
