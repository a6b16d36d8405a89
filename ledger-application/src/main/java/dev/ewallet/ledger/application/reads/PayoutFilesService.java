package dev.ewallet.ledger.application.reads;

import dev.ewallet.ledger.application.OperatorPages;
import dev.ewallet.ledger.domain.bank.PayoutFileSummary;
import dev.ewallet.ledger.domain.money.CurrencyCode;
import dev.ewallet.ledger.domain.port.in.Caller;
import dev.ewallet.ledger.domain.port.in.PayoutFilesQuery;
import dev.ewallet.ledger.domain.port.out.PayoutFileStore;
import java.util.List;

/** The recorded payment files, for operators: what was sent to the bank, newest first. */
public final class PayoutFilesService implements PayoutFilesQuery {

  private final PayoutFileStore store;

  public PayoutFilesService(PayoutFileStore store) {
    this.store = store;
  }

  @Override
  public List<PayoutFileSummary> files(
      Caller caller, CurrencyCode currency, String afterId, int limit) {
    OperatorPages.require(caller, limit);
    return store.list(currency, afterId, limit);
  }
}
