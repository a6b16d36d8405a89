package dev.ewallet.ledger.domain.error;

/**
 * A deposit's reference is already used by another deposit of the same currency: one bank credit is
 * booked once, whichever back-office system sends it.
 */
public final class DuplicateReferenceException extends LedgerException {

  public DuplicateReferenceException(String currency, String reference) {
    super("a " + currency + " deposit with reference '" + reference + "' is already posted");
  }

  private DuplicateReferenceException(String message) {
    super(message);
  }

  /** Another pending deposit of the currency waits with the reference. */
  public static DuplicateReferenceException pending(String currency, String reference) {
    return new DuplicateReferenceException(
        "a " + currency + " pending deposit with reference '" + reference + "' is waiting already");
  }
}
