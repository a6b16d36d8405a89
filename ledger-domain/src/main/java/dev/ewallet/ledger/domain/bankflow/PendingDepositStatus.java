package dev.ewallet.ledger.domain.bankflow;

/** Where a pending deposit is: announced, then settled (posted) or failed, once. */
public enum PendingDepositStatus {
  PENDING,
  SETTLED,
  FAILED
}
