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
}
