package dev.ewallet.ledger.domain.port.in;

import dev.ewallet.ledger.domain.journal.ReconciliationReport;

/** Proving the books balance: operators and the nightly job. */
public interface ReconciliationQuery {

  /**
   * Checks that the entries of every currency sum to zero, that every balance equals the sum of its
   * entries, and that every account's chain of {@code balance_after} is consistent.
   *
   * @param caller never {@code null}; must be an operator
   * @return never {@code null}; {@link ReconciliationReport#balanced()} when nothing is wrong
   */
  ReconciliationReport reconcile(Caller caller);
}
