package dev.ewallet.ledger.domain.journal;

import dev.ewallet.ledger.domain.account.EntryHash;

/**
 * Recomputes an account's hash chain entry by entry, oldest first: each stored hash must be the
 * link of the stored hash before it and the entry's own fields. The first entry whose hash is not
 * is the first one changed (or the first after one removed); the check goes on from the stored
 * hashes, so one edit is reported once. The first entry is checked last, against the chain's start,
 * which storage may tell only once it has handed the entries over. Holds two entries at most,
 * whatever the number of entries.
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

  private static boolean follows(EntryHash previous, LedgerEntry entry) {
    return previous
        .next(
            entry.transactionId().value(),
            entry.accountId(),
            entry.amount(),
            entry.balanceAfter(),
            entry.createdAt())
        .equals(entry.hash());
  }
}
