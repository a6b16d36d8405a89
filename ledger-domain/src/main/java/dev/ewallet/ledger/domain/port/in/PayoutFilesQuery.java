package dev.ewallet.ledger.domain.port.in;

import dev.ewallet.ledger.domain.bank.PayoutFileSummary;
import dev.ewallet.ledger.domain.money.CurrencyCode;
import java.util.List;

/** The recorded payment files of payouts (operators), newest first. */
public interface PayoutFilesQuery {

  /**
   * @param currency {@code null} for every currency
   * @param afterId the previous page's last file id; {@code null} for the newest
   * @param limit 1 to 100
   * @throws dev.ewallet.ledger.domain.error.InvalidRequestException for another limit
   */
  List<PayoutFileSummary> files(Caller caller, CurrencyCode currency, String afterId, int limit);
}
