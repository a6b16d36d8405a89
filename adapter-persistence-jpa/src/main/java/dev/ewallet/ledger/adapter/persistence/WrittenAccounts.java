package dev.ewallet.ledger.adapter.persistence;

import dev.ewallet.ledger.domain.account.AccountId;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.Set;

/**
 * The accounts the current unit of work's balance updates wrote, kept for the unit of work, which
 * hands them on once it has committed (to the replica reads, which record the primary's position
 * for them: read-your-writes). The account adapter notes what it wrote and knows nothing of
 * replicas. Per thread: a unit of work runs on one. Without a replica nothing needs them, and
 * nothing is kept: the posting path does no work for it.
 */
class WrittenAccounts {

  private static final ThreadLocal<Set<AccountId>> WRITTEN = new ThreadLocal<>();

  private final boolean kept;

  /**
   * @param kept whether anything reads them after the commit (a replica is configured)
   */
  WrittenAccounts(boolean kept) {
    this.kept = kept;
  }

  /** Within a unit of work: accounts its balance updates wrote. */
  void add(Collection<AccountId> accounts) {
    if (!kept) {
      return;
    }
    Set<AccountId> written = WRITTEN.get();
    if (written == null) {
      WRITTEN.set(written = new LinkedHashSet<>());
    }
    written.addAll(accounts);
  }

  /** A unit of work (or an attempt of one) starts: nothing is written yet. */
  void clear() {
    WRITTEN.remove();
  }

  /** What the unit of work wrote, forgotten as it is handed over; empty when nothing. */
  Set<AccountId> drain() {
    Set<AccountId> written = WRITTEN.get();
    WRITTEN.remove();
    return written == null ? Set.of() : written;
  }
}
