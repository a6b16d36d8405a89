package dev.ewallet.ledger.domain.journal;

/** What a journal transaction records. */
public enum TransactionType {
  /** Money entering a wallet from the bank, booked against the bank clearing account. */
  DEPOSIT,
  /** Money moving between two wallets of one currency. */
  TRANSFER,
  /** The exact negation of an earlier transaction, which stays in the journal unchanged. */
  REVERSAL
}
