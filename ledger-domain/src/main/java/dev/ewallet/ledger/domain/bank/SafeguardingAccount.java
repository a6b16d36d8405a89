package dev.ewallet.ledger.domain.bank;

import dev.ewallet.ledger.domain.bankflow.BankAccountNumber;
import dev.ewallet.ledger.domain.bankflow.BankParty;
import dev.ewallet.ledger.domain.money.CurrencyCode;
import java.util.Objects;

/**
 * The ledger's own account at its bank for one currency: where customers' money is kept (for an
 * e-money institution, the safeguarding account that must hold at least what every wallet holds),
 * what payouts are paid from and what the bank's statements report on.
 *
 * @param holder the wallet business as the bank knows it, with the account's number
 */
public record SafeguardingAccount(CurrencyCode currency, BankParty holder) {

  public SafeguardingAccount {
    Objects.requireNonNull(currency, "currency");
    Objects.requireNonNull(holder, "holder");
  }

  public BankAccountNumber number() {
    return holder.account();
  }
}
