package dev.ewallet.ledger.domain.error;

/** A debit would take what left a wallet in the current window past its outgoing limit. */
public final class LimitExceededException extends LedgerException {

  private final String limit;
  private final long remainingMinor;

  public LimitExceededException(String limit, long remainingMinor) {
    super(
        "the "
            + limit
            + " limit lets at most "
            + remainingMinor
            + " (minor units) more leave the wallet in its window");
    this.limit = limit;
    this.remainingMinor = remainingMinor;
  }

  /** {@code dailyOut} or {@code monthlyOut}. */
  public String limit() {
    return limit;
  }

  public long remainingMinor() {
    return remainingMinor;
  }
}
