package dev.ewallet.ledger.domain.bank;

/** Where a stored statement line stands. */
public enum LineStatus {
  /** No rule settled it and no operator has yet: it is in the exceptions queue. */
  UNMATCHED,
  /** It settled a withdrawal, by a rule or by an operator. */
  MATCHED,
  /** An operator decided it needs nothing from the ledger, with a reason. */
  DISMISSED
}
