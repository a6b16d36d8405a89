package dev.ewallet.ledger.domain.journal;

import java.time.Instant;
import java.util.Comparator;
import java.util.Objects;

/**
 * A place in history: entries are ordered by time, then by id. For one account that is the order
 * they were posted in (see {@link dev.ewallet.ledger.domain.account.Account}); a merchant's history
 * interleaves its shards' entries by the same order. Storage partitioned by time reads a page from
 * the newest partition down and skips every partition newer than the position.
 *
 * @param createdAt never {@code null}
 * @param entryId positive
 */
public record HistoryPosition(Instant createdAt, long entryId) {

  /** Newest first: the order of history pages. */
  public static final Comparator<LedgerEntry> NEWEST_FIRST =
      Comparator.comparing(LedgerEntry::createdAt)
          .thenComparingLong(LedgerEntry::entryId)
          .reversed();

  public HistoryPosition {
    Objects.requireNonNull(createdAt, "createdAt");
    if (entryId <= 0) {
      throw new IllegalArgumentException("entry ids are positive, got " + entryId);
    }
  }

  /** The position of an entry. */
  public static HistoryPosition of(LedgerEntry entry) {
    return new HistoryPosition(entry.createdAt(), entry.entryId());
  }

  /** Whether the entry comes after this position in a newest-first walk: it is older. */
  public boolean isAfter(LedgerEntry entry) {
    int byTime = entry.createdAt().compareTo(createdAt);
    return byTime < 0 || (byTime == 0 && entry.entryId() < entryId);
  }
}
