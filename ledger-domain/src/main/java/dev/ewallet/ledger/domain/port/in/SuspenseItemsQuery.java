package dev.ewallet.ledger.domain.port.in;

import dev.ewallet.ledger.domain.journal.SuspenseItem;
import dev.ewallet.ledger.domain.money.CurrencyCode;
import java.util.List;

/** Operators: money kept in a currency's suspense account for closed wallets, newest first. */
public interface SuspenseItemsQuery {

  /**
   * @param keptOnly only what is still kept, or released items too
   * @param limit 1 to 1,000
   * @throws dev.ewallet.ledger.domain.error.AccessDeniedException unless the caller is an operator
   */
  List<SuspenseItem> suspenseItems(
      Caller caller, CurrencyCode currency, boolean keptOnly, int limit);
}
