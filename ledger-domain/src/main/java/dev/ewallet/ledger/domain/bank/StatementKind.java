package dev.ewallet.ledger.domain.bank;

/** What kind of report a bank statement is; both are matched the same way. */
public enum StatementKind {
  /** The end-of-day statement (ISO 20022 camt.053): every booking of a day, with balances. */
  END_OF_DAY,
  /** A debit or credit notification (ISO 20022 camt.054): bookings as they happen, no balances. */
  NOTIFICATION
}
