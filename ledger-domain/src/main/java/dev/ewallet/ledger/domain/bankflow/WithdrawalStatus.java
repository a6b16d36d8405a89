package dev.ewallet.ledger.domain.bankflow;

/** PENDING until the bank answers; then COMPLETED or FAILED, for good. */
public enum WithdrawalStatus {
  PENDING,
  COMPLETED,
  FAILED
}
