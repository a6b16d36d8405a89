package dev.ewallet.ledger.domain.bankflow;

/** PENDING until captured, voided or expired; each of those is final. */
public enum HoldStatus {
  PENDING,
  CAPTURED,
  VOIDED,
  EXPIRED
}
