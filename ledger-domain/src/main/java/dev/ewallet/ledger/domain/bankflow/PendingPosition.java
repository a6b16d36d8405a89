package dev.ewallet.ledger.domain.bankflow;

import dev.ewallet.ledger.domain.journal.TransactionId;
import java.time.Instant;
import java.util.Comparator;
import java.util.Objects;

/**
 * Where a page of a pending queue ended: the last row's time (a withdrawal's request, a hold's
 * expiry) and its id, which orders rows of the same instant.
 */
public record PendingPosition(Instant at, TransactionId id) implements Comparable<PendingPosition> {

  private static final Comparator<PendingPosition> EARLIEST_FIRST =
      Comparator.comparing(PendingPosition::at).thenComparing(PendingPosition::id);

  public PendingPosition {
    Objects.requireNonNull(at, "at");
    Objects.requireNonNull(id, "id");
  }

  public static PendingPosition of(Withdrawal withdrawal) {
    return new PendingPosition(withdrawal.createdAt(), withdrawal.id());
  }

  /** Where a hold stands in the queue of holds by expiry. */
  public static PendingPosition of(Hold hold) {
    return new PendingPosition(hold.expiresAt(), hold.id());
  }

  /** Earliest first: by time, then by id as PostgreSQL orders it. */
  @Override
  public int compareTo(PendingPosition other) {
    return EARLIEST_FIRST.compare(this, other);
  }
}
