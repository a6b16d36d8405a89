package dev.ewallet.ledger.domain.account;

import dev.ewallet.ledger.domain.money.Money;
import java.time.Instant;
import java.util.Objects;

/**
 * A dormant wallet as the unclaimed-property report lists it.
 *
 * @param dormantSince when it last turned dormant
 */
public record DormantWallet(
    AccountId accountId, UserId owner, Money balance, Instant dormantSince) {

  public DormantWallet {
    Objects.requireNonNull(accountId, "accountId");
    Objects.requireNonNull(owner, "owner");
    Objects.requireNonNull(balance, "balance");
    Objects.requireNonNull(dormantSince, "dormantSince");
  }
}
