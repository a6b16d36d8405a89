package dev.ewallet.ledger.domain.journal;

import dev.ewallet.ledger.domain.account.AccountId;
import dev.ewallet.ledger.domain.account.EntryHash;
import dev.ewallet.ledger.domain.money.Money;
import java.util.Objects;

/**
 * A posting as applied to its locked account: the signed amount, the balance it left and the hash
 * that extends the account's chain to it.
 */
public record BalanceChange(AccountId accountId, Money amount, Money balanceAfter, EntryHash hash) {

  public BalanceChange {
    Objects.requireNonNull(accountId, "accountId");
    Objects.requireNonNull(amount, "amount");
    Objects.requireNonNull(balanceAfter, "balanceAfter");
    Objects.requireNonNull(hash, "hash");
    amount.requireSameCurrency(balanceAfter);
  }
}
