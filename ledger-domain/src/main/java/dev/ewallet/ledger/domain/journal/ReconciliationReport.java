package dev.ewallet.ledger.domain.journal;

import java.time.Instant;
import java.util.List;
import java.util.Map;

/**
 * The result of proving the books balance: zero mismatches means they do.
 *
 * @param ledgerSumMinor the sum of every entry of every currency; zero when the books balance
 * @param sumByCurrency the sum of the entries of each currency, each zero when the books balance
 */
public record ReconciliationReport(
    long ledgerSumMinor,
    Map<String, Long> sumByCurrency,
    List<ReconciliationMismatch> mismatches,
    Instant checkedAt) {

  public ReconciliationReport {
    sumByCurrency = Map.copyOf(sumByCurrency);
    mismatches = List.copyOf(mismatches);
  }

  public boolean balanced() {
    return mismatches.isEmpty();
  }
}
