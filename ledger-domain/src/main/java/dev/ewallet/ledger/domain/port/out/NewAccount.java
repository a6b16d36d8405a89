package dev.ewallet.ledger.domain.port.out;

import dev.ewallet.ledger.domain.account.AccountId;
import dev.ewallet.ledger.domain.account.AccountKind;
import dev.ewallet.ledger.domain.account.UserId;
import dev.ewallet.ledger.domain.money.CurrencyCode;
import java.time.Instant;
import java.util.Objects;

/**
 * An account to open with a zero balance.
 *
 * @param owner the owner; {@code null} for system accounts
 * @param parent the merchant a shard belongs to; {@code null} for every other kind
 * @param shardNo the shard's number under its merchant, from 0; {@code null} for other kinds
 */
public record NewAccount(
    UserId owner,
    CurrencyCode currency,
    AccountKind kind,
    Instant createdAt,
    AccountId parent,
    Integer shardNo) {

  public NewAccount(UserId owner, CurrencyCode currency, AccountKind kind, Instant createdAt) {
    this(owner, currency, kind, createdAt, null, null);
  }

  public NewAccount {
    Objects.requireNonNull(currency, "currency");
    Objects.requireNonNull(kind, "kind");
    Objects.requireNonNull(createdAt, "createdAt");
    if (kind.hasOwner() != (owner != null)) {
      throw new IllegalArgumentException("owner " + owner + " for an account of kind " + kind);
    }
    if ((parent != null) != (shardNo != null)
        || (kind == AccountKind.MERCHANT_SHARD) != (parent != null && kind.hasOwner())) {
      throw new IllegalArgumentException(
          "shards (a merchant's, or a system account's), and only shards, have a parent and a"
              + " number");
    }
  }
}
