package dev.ewallet.ledger.domain.journal;

import dev.ewallet.ledger.domain.account.AccountId;
import dev.ewallet.ledger.domain.money.Money;
import java.util.Objects;

/** One line of a journal transaction: negative debits the account, positive credits it. */
public record Posting(AccountId accountId, Money amount) {

  public Posting {
    Objects.requireNonNull(accountId, "accountId");
    Objects.requireNonNull(amount, "amount");
  }

  public Posting negated() {
    return new Posting(accountId, amount.negate());
  }
}
