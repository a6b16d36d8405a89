package dev.ewallet.ledger.domain.journal;

import dev.ewallet.ledger.domain.account.EntryHash;

/**
 * Recomputes an account's hash chain entry by entry, oldest first: each stored hash must be the
 * link of the stored hash before it and the entry's own fields (with its details' digest from
 * version 2 on, whose details must still give that digest unless they were erased). The first entry
 * whose hash is not is the first one changed (or the first after one removed); the check goes on
 * from the stored hashes, so one edit is reported once. The first entry is checked last, against
 * the chain's start, which storage may tell only once it has handed the entries over. Holds two
 * entries at most, whatever the number of entries.
 */
public final class ChainCheck {

  private LedgerEntry first;
  private EntryHash previous;
  private long entries;
  private Long firstBrokenAfterTheFirst;

  public void accept(LedgerEntry entry) {
    if (first == null) {
      first = entry;
    } else if (firstBrokenAfterTheFirst == null && !follows(previous, entry)) {
      firstBrokenAfterTheFirst = entry.entryId();
    }
    previous = entry.hash();
    entries++;
  }

  public long entries() {
    return entries;
  }

  /**
   * The first entry whose hash does not follow, or {@code null} when every one does.
   *
   * @param start {@link EntryHash#GENESIS}, or where archived entries left the chain
   */
  public Long firstBrokenEntryId(EntryHash start) {
    if (first != null && !follows(start, first)) {
      return first.entryId();
    }
    return firstBrokenAfterTheFirst;
  }

  /** Every link holds and the chain ends at {@code end}, where the account says it does. */
  public boolean verified(EntryHash start, EntryHash end) {
    return firstBrokenEntryId(start) == null && (first == null ? start : previous).equals(end);
  }

  /**
   * The entry's hash is the link of {@code previous} and its own fields, and its details are those
   * the link committed to (unless erased).
   */
  private static boolean follows(EntryHash previous, LedgerEntry entry) {
    if (!entry.detailsMatchDigest()) {
      return false;
    }
    if (entry.detailsDigest() == null && !entry.details().isEmpty()) {
      // Details without a digest: posted before version 2, or given details since.
      return previous
          .next(
              entry.transactionId().value(),
              entry.accountId(),
              entry.amount(),
              entry.balanceAfter(),
              entry.createdAt(),
              null)
          .equals(entry.hash());
    }
    return previous.leadsTo(
        entry.hash(),
        entry.transactionId().value(),
        entry.accountId(),
        entry.amount(),
        entry.balanceAfter(),
        entry.createdAt(),
        entry.detailsDigest());
  }
}
