package dev.ewallet.ledger.domain.port.out;

import dev.ewallet.ledger.domain.bankflow.Hold;
import dev.ewallet.ledger.domain.bankflow.PendingPosition;
import dev.ewallet.ledger.domain.journal.TransactionId;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.SortedSet;

/** Where holds live. No argument may be {@code null}. */
public interface HoldRepository {

  /** Stores a new hold in the current unit of work. */
  void insertHold(Hold hold);

  /** The hold as committed, without locking it. */
  Optional<Hold> findHold(TransactionId id);

  /**
   * Locks the holds for the rest of the current unit of work, in ascending id order, after their
   * accounts, and returns them as locked; ids of no hold are absent from the result.
   */
  List<Hold> lockHolds(SortedSet<TransactionId> ids);

  /** Stores a locked hold's new state. */
  void updateHold(Hold hold);

  /**
   * Pending holds expiring before {@code before}, soonest first (by expiry, then id), after {@code
   * after} ({@code null} for the soonest), at most {@code limit}.
   */
  List<Hold> pendingExpiringBefore(Instant before, PendingPosition after, int limit);

  /** Pending holds whose {@code expiresAt} is not after {@code now}, oldest first. */
  List<TransactionId> findExpiredPending(Instant now, int limit);
}
