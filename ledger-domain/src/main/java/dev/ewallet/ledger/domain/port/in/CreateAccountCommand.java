package dev.ewallet.ledger.domain.port.in;

import dev.ewallet.ledger.domain.account.AccountKind;
import dev.ewallet.ledger.domain.account.UserId;
import dev.ewallet.ledger.domain.money.CurrencyCode;

/**
 * Open an account.
 *
 * @param ownerId the owner; {@code null} means the caller. Only operators may name someone else.
 * @param kind {@code null} means {@link AccountKind#USER}. Only operators may choose a kind.
 */
public record CreateAccountCommand(
    Caller caller, CurrencyCode currency, UserId ownerId, AccountKind kind) {

  public CreateAccountCommand {
    CommandChecks.present(caller, "caller");
    CommandChecks.present(currency, "currency");
  }
}
