package dev.ewallet.ledger.domain.port.in;

import dev.ewallet.ledger.domain.bank.SafeguardingCheck;
import dev.ewallet.ledger.domain.money.CurrencyCode;

/** The safeguarding check of a currency, on demand (operators). */
public interface SafeguardingQuery {

  /**
   * @throws dev.ewallet.ledger.domain.error.InvalidRequestException when no safeguarding account is
   *     configured for the currency
   */
  SafeguardingCheck check(Caller caller, CurrencyCode currency);
}
