package dev.ewallet.ledger.domain.port.in;

import dev.ewallet.ledger.domain.account.AccountKind;
import dev.ewallet.ledger.domain.account.MerchantShards;
import dev.ewallet.ledger.domain.account.UserId;
import dev.ewallet.ledger.domain.error.InvalidRequestException;
import dev.ewallet.ledger.domain.money.CurrencyCode;

/**
 * Open an account.
 *
 * @param ownerId the owner; {@code null} means the caller. Only operators may name someone else.
 * @param kind {@code null} means {@link AccountKind#USER}. Only operators may choose a kind.
 * @param shards for a {@link AccountKind#MERCHANT}: how many shards (1 to {@link
 *     MerchantShards#MAX}), or {@code null} for none yet (the ledger splits it when it gets hot,
 *     docs/hot-accounts.md); {@code null} for every other kind
 */
public record CreateAccountCommand(
    Caller caller, CurrencyCode currency, UserId ownerId, AccountKind kind, Integer shards) {

  public CreateAccountCommand(
      Caller caller, CurrencyCode currency, UserId ownerId, AccountKind kind) {
    this(caller, currency, ownerId, kind, null);
  }

  public CreateAccountCommand {
    CommandChecks.present(caller, "caller");
    CommandChecks.present(currency, "currency");
    if (shards != null) {
      if (kind != AccountKind.MERCHANT) {
        throw new InvalidRequestException("shards are given for merchants only");
      }
      MerchantShards.requireCount(shards);
    }
  }
}
