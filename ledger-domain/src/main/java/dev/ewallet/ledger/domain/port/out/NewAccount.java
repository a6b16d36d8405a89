package dev.ewallet.ledger.domain.port.out;

import dev.ewallet.ledger.domain.account.AccountKind;
import dev.ewallet.ledger.domain.account.UserId;
import dev.ewallet.ledger.domain.money.CurrencyCode;
import java.time.Instant;
import java.util.Objects;

/**
 * An account to open with a zero balance.
 *
 * @param owner the owner; {@code null} for system accounts
 */
public record NewAccount(UserId owner, CurrencyCode currency, AccountKind kind, Instant createdAt) {

  public NewAccount {
    Objects.requireNonNull(currency, "currency");
    Objects.requireNonNull(kind, "kind");
    Objects.requireNonNull(createdAt, "createdAt");
    if (kind.isWallet() != (owner != null)) {
      throw new IllegalArgumentException("wallets, and only wallets, have an owner: " + kind);
    }
  }
}
