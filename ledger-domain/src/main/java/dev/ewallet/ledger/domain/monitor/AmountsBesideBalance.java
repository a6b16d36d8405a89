package dev.ewallet.ledger.domain.monitor;

import dev.ewallet.ledger.domain.money.Money;
import java.util.Objects;

/**
 * An account's amounts beside its balance, as committed: what it has in pending holds and
 * withdrawals, and what pending deposits announce for it.
 */
public record AmountsBesideBalance(Money heldAmount, Money pendingIn) {

  public AmountsBesideBalance {
    Objects.requireNonNull(heldAmount, "heldAmount");
    Objects.requireNonNull(pendingIn, "pendingIn");
  }

  /** The amount {@code field} names; the balance is not one of them. */
  public Money of(MonitorField field) {
    return switch (field) {
      case HELD_AMOUNT -> heldAmount;
      case PENDING_IN -> pendingIn;
      case BALANCE -> throw new IllegalArgumentException("the balance is no amount beside it");
    };
  }
}
