package dev.ewallet.ledger.domain.journal;

import dev.ewallet.ledger.domain.money.Money;

/** Which way an entry moves money for its account. */
public enum EntryDirection {
  /** A credit: money coming in, a positive amount. */
  IN,
  /** A debit: money going out, a negative amount. */
  OUT;

  /** The direction of an entry's amount, never zero. */
  public static EntryDirection of(Money amount) {
    return amount.isPositive() ? IN : OUT;
  }
}
