package dev.ewallet.ledger.domain.ratelimit;

/** The budgets a user's requests draw from. */
public enum RequestKind {
  /** Deposits, withdrawals, transfers, holds, reversals: every POST that moves money. */
  MONEY_MOVEMENT,
  /** Everything else: reads, opening accounts. */
  READ
}
