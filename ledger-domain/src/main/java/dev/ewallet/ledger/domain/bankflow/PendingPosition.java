package dev.ewallet.ledger.domain.bankflow;

import dev.ewallet.ledger.domain.journal.TransactionId;
import java.time.Instant;
import java.util.Comparator;
import java.util.Objects;

/**
 * Where a page of pending withdrawals, oldest first, ended: the last one's request time and id (ids
 * order withdrawals requested at the same instant).
 */
public record PendingPosition(Instant createdAt, TransactionId id)
    implements Comparable<PendingPosition> {

  private static final Comparator<PendingPosition> OLDEST_FIRST =
      Comparator.comparing(PendingPosition::createdAt).thenComparing(PendingPosition::id);

  public PendingPosition {
    Objects.requireNonNull(createdAt, "createdAt");
    Objects.requireNonNull(id, "id");
  }

  public static PendingPosition of(Withdrawal withdrawal) {
    return new PendingPosition(withdrawal.createdAt(), withdrawal.id());
  }

  /** Oldest first: by request time, then by id as PostgreSQL orders it. */
  @Override
  public int compareTo(PendingPosition other) {
    return OLDEST_FIRST.compare(this, other);
  }
}
