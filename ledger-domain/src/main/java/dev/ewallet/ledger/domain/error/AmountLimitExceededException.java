package dev.ewallet.ledger.domain.error;

/** The amount is above the most one transaction may move in its currency. */
public final class AmountLimitExceededException extends LedgerException {

  public AmountLimitExceededException(String currency, long maxMinor) {
    super("one transaction may move at most " + maxMinor + " " + currency + " (minor units)");
  }
}
