package dev.ewallet.ledger.domain.journal;

/** What a journal transaction records. */
public enum TransactionType {
  /** Money entering a wallet from the bank, booked against the bank clearing account. */
  DEPOSIT,
  /** Money moving between two wallets of one currency. */
  TRANSFER,
  /** The exact negation of an earlier transaction, which stays in the journal unchanged. */
  REVERSAL,
  /** A withdrawal starts: the amount moves from the wallet to the hold account. */
  WITHDRAWAL,
  /** The bank paid the withdrawal out: the amount moves from the hold to payout clearing. */
  WITHDRAWAL_COMPLETION,
  /** The bank refused the withdrawal: the amount moves from the hold back to the wallet. */
  WITHDRAWAL_FAILURE,
  /** An authorization reserves funds: the amount moves from the wallet to the hold account. */
  HOLD,
  /** A hold is captured: to the destination, any rest back to the wallet. */
  HOLD_CAPTURE,
  /** A hold is voided or expires: the amount moves from the hold back to the wallet. */
  HOLD_RELEASE,
  /** A merchant shard's balance is gathered into the merchant's main account. */
  SWEEP
}
