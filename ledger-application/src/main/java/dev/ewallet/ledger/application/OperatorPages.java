package dev.ewallet.ledger.application;

import dev.ewallet.ledger.domain.error.InvalidRequestException;
import dev.ewallet.ledger.domain.port.in.Caller;

/** The rule of every operator's work list: only operators read it, 1 to 100 items a page. */
public final class OperatorPages {

  public static final int MAX_ITEMS = 100;

  private OperatorPages() {}

  /** Refuses a caller who is not an operator, or a page size outside 1 to {@value #MAX_ITEMS}. */
  public static void require(Caller caller, int limit) {
    caller.requireOperator();
    if (limit < 1 || limit > MAX_ITEMS) {
      throw new InvalidRequestException("limit must be 1 to " + MAX_ITEMS);
    }
  }
}
