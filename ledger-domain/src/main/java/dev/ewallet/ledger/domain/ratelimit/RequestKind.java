package dev.ewallet.ledger.domain.ratelimit;

/** The budgets a user's requests draw from. */
public enum RequestKind {
  /**
   * Every POST: deposits, withdrawals, transfers, holds, reversals, and opening an account, which
   * writes too (and would otherwise let one user open accounts without bound).
   */
  WRITE,
  /** Everything else: reads. */
  READ
}
