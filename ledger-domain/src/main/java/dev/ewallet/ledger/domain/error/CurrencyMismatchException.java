package dev.ewallet.ledger.domain.error;

/** Two amounts or accounts that must share a currency do not. */
public final class CurrencyMismatchException extends LedgerException {

  public CurrencyMismatchException(String expected, String actual) {
    super("currency " + actual + " does not match " + expected);
  }
}
