package dev.ewallet.ledger.domain.port.in;

import dev.ewallet.ledger.domain.account.AccountKind;
import dev.ewallet.ledger.domain.account.UserId;
import dev.ewallet.ledger.domain.error.InvalidRequestException;
import dev.ewallet.ledger.domain.money.CurrencyCode;

/**
 * Open an account.
 *
 * @param ownerId the owner; {@code null} means the caller. Only operators may name someone else.
 * @param kind {@code null} means {@link AccountKind#USER}. Only operators may choose a kind.
 * @param shards for a {@link AccountKind#MERCHANT}: how many shards (1 to {@link #MAX_SHARDS});
 *     {@code null} for every other kind
 */
public record CreateAccountCommand(
    Caller caller, CurrencyCode currency, UserId ownerId, AccountKind kind, Integer shards) {

  public static final int MAX_SHARDS = 256;

  public CreateAccountCommand(
      Caller caller, CurrencyCode currency, UserId ownerId, AccountKind kind) {
    this(caller, currency, ownerId, kind, null);
  }

  public CreateAccountCommand {
    CommandChecks.present(caller, "caller");
    CommandChecks.present(currency, "currency");
    if ((kind == AccountKind.MERCHANT) != (shards != null)) {
      throw new InvalidRequestException("shards are given for merchants, and only for merchants");
    }
    if (shards != null && (shards < 1 || shards > MAX_SHARDS)) {
      throw new InvalidRequestException("shards must be 1 to " + MAX_SHARDS + ", got " + shards);
    }
  }
}
