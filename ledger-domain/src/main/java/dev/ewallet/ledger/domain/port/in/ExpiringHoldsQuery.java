package dev.ewallet.ledger.domain.port.in;

import dev.ewallet.ledger.domain.bankflow.Hold;
import dev.ewallet.ledger.domain.bankflow.PendingPosition;
import java.time.Instant;
import java.util.List;

/** The holds about to expire (operators): still pending, soonest expiry first. */
public interface ExpiringHoldsQuery {

  /**
   * @param before only holds expiring before this instant; {@code null} for a day from now
   * @param after where the previous page ended; {@code null} for the soonest
   * @param limit 1 to 100
   */
  List<Hold> expiring(Caller caller, Instant before, PendingPosition after, int limit);
}
