package dev.ewallet.ledger.domain.port.out;

import dev.ewallet.ledger.domain.journal.ReconciliationMismatch;
import java.util.List;
import java.util.Map;

/** Set-based checks over the whole ledger, for reconciliation. */
public interface LedgerAudit {

  /** The sum of all entries per currency code; currencies without entries are absent. */
  Map<String, Long> entrySumsByCurrency();

  /**
   * Accounts whose cached balance differs from the sum of their entries, and accounts whose first
   * inconsistent {@code balance_after} breaks their chain.
   *
   * @param limit the most mismatches to return, at least 1
   * @return never {@code null}; empty when every account is consistent
   */
  List<ReconciliationMismatch> accountMismatches(int limit);

  /**
   * Hold accounts whose balance differs from the sum of the pending withdrawals and holds of their
   * currency: money on its way out must be exactly what the hold account holds.
   *
   * @return never {@code null}; empty when every hold account is consistent
   */
  List<ReconciliationMismatch> holdAccountMismatches();
}
