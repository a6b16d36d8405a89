package dev.ewallet.ledger.domain.error;

/** An amount or balance would leave the signed 64-bit range of minor units. */
public final class MoneyOverflowException extends LedgerException {

  public MoneyOverflowException(String message) {
    super(message);
  }
}
