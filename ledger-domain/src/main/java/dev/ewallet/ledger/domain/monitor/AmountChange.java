package dev.ewallet.ledger.domain.monitor;

import dev.ewallet.ledger.domain.account.AccountId;
import dev.ewallet.ledger.domain.money.Money;
import java.util.Objects;

/**
 * How much one of an account's amounts beside its balance moved ({@code heldAmount} or {@code
 * pendingIn}): the balance moves by the entries themselves.
 *
 * @param change signed, in the account's currency
 */
public record AmountChange(AccountId accountId, MonitorField field, Money change) {

  public AmountChange {
    Objects.requireNonNull(accountId, "accountId");
    Objects.requireNonNull(field, "field");
    Objects.requireNonNull(change, "change");
    if (field == MonitorField.BALANCE) {
      throw new IllegalArgumentException("a balance changes by entries, not by " + change);
    }
  }
}
