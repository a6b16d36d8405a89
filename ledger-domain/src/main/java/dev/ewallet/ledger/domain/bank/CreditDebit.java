package dev.ewallet.ledger.domain.bank;

/** Which way a bank statement line moved money on the ledger's bank account. */
public enum CreditDebit {
  /** Money in: a customer's deposit, a returned payout. */
  CREDIT,
  /** Money out: a payout, a bank fee. */
  DEBIT
}
