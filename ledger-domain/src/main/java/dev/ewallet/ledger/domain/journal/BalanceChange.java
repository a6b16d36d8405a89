package dev.ewallet.ledger.domain.journal;

import dev.ewallet.ledger.domain.account.AccountId;
import dev.ewallet.ledger.domain.money.Money;
import java.util.Objects;

/** A posting as applied to its locked account: the signed amount and the balance it left. */
public record BalanceChange(AccountId accountId, Money amount, Money balanceAfter) {

  public BalanceChange {
    Objects.requireNonNull(accountId, "accountId");
    Objects.requireNonNull(amount, "amount");
    Objects.requireNonNull(balanceAfter, "balanceAfter");
    amount.requireSameCurrency(balanceAfter);
  }
}
