package dev.ewallet.ledger.domain.port.in;

import dev.ewallet.ledger.domain.bankflow.PendingPosition;
import dev.ewallet.ledger.domain.bankflow.Withdrawal;
import java.util.List;

/** The withdrawals waiting for the bank (operators): the payout work queue, oldest first. */
public interface PendingWithdrawalsQuery {

  /**
   * @param after where the previous page ended; {@code null} for the oldest
   * @param limit 1 to 100
   */
  List<Withdrawal> pending(Caller caller, PendingPosition after, int limit);
}
