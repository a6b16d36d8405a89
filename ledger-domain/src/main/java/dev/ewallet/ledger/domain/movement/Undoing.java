package dev.ewallet.ledger.domain.movement;

import dev.ewallet.ledger.domain.account.AccountId;
import dev.ewallet.ledger.domain.error.AlreadyReversedException;
import dev.ewallet.ledger.domain.journal.JournalTransaction;
import java.util.Set;
import java.util.SortedSet;
import java.util.TreeSet;

/** What reversals and refunds share. */
final class Undoing {

  private Undoing() {}

  /**
   * The original's accounts and the merchants of its shards, in one lock order. Every undo of a
   * transaction locks its payer, so two undos of one transaction are ordered by that lock and the
   * later reads what the earlier committed.
   */
  static SortedSet<AccountId> accountsToLock(
      JournalTransaction original, Set<AccountId> merchantsOfShards) {
    SortedSet<AccountId> ids = new TreeSet<>(original.accountIds());
    ids.addAll(merchantsOfShards);
    return ids;
  }

  /**
   * What has undone {@code original} so far, as locked.
   *
   * @throws AlreadyReversedException when a reversal has: nothing undoes it after that
   */
  static Undone requireNotReversed(LockedRows locked, JournalTransaction original) {
    Undone undone = locked.undone(original.id());
    if (undone.reversed()) {
      throw new AlreadyReversedException(original.id().toString());
    }
    return undone;
  }
}
