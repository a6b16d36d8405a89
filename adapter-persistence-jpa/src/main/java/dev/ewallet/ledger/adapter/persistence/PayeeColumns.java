package dev.ewallet.ledger.adapter.persistence;

import dev.ewallet.ledger.domain.bankflow.BankAccountNumber;
import dev.ewallet.ledger.domain.bankflow.BankParty;

/**
 * A withdrawal's payee read from its four columns ({@code payee_name}, {@code payee_scheme}, {@code
 * payee_account}, {@code payee_bic}; changelog 018), all null when it has none.
 */
public final class PayeeColumns {

  private PayeeColumns() {}

  public static BankParty payee(String name, String scheme, String account, String bic) {
    return name == null
        ? null
        : new BankParty(
            name, new BankAccountNumber(account, BankAccountNumber.Scheme.valueOf(scheme)), bic);
  }
}
