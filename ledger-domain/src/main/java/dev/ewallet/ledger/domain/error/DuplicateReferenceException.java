package dev.ewallet.ledger.domain.error;

/**
 * A deposit's reference is already used by another deposit of the same currency: one bank credit is
 * booked once, whichever back-office system sends it.
 */
public final class DuplicateReferenceException extends LedgerException {

  public DuplicateReferenceException(String currency, String reference) {
    super("a " + currency + " deposit with reference '" + reference + "' is already posted");
  }
}
