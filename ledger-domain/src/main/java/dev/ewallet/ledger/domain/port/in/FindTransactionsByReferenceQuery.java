package dev.ewallet.ledger.domain.port.in;

import java.util.List;

/** Finding transactions by the reference their client gave them. */
public interface FindTransactionsByReferenceQuery {

  /** The most transactions one answer lists. */
  int MAX_RESULTS = 100;

  /**
   * @param caller never {@code null}
   * @param reference the reference, as given (exact match)
   * @return the transactions with that reference that touch an account of the caller (an
   *     operator's: all), newest first, at most {@link #MAX_RESULTS}; empty when none
   * @throws dev.ewallet.ledger.domain.error.InvalidRequestException when the reference breaks its
   *     limits
   */
  List<TransactionView> byReference(Caller caller, String reference);
}
