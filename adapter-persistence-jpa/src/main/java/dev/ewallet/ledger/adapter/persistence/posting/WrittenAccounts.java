package dev.ewallet.ledger.adapter.persistence.posting;

import dev.ewallet.ledger.domain.account.AccountId;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.Set;
import java.util.function.Consumer;

/**
 * The accounts the current unit of work's balance updates wrote, kept for the unit of work, which
 * hands them to the commit hook once it has committed (the replica reads, which record the
 * primary's position for them: read-your-writes). The account adapter notes what it wrote, and the
 * unit of work calls the hook; neither knows of replicas. Per thread: a unit of work runs on one.
 * Without a hook nothing needs them, and nothing is kept: the posting path does no work for it.
 */
public final class WrittenAccounts {

  /** Nothing reads what a unit of work wrote (no replica): nothing is kept. */
  public static final WrittenAccounts DISCARDED = new WrittenAccounts(null);

  private static final ThreadLocal<Set<AccountId>> WRITTEN = new ThreadLocal<>();

  private final Consumer<Set<AccountId>> afterCommit;

  private WrittenAccounts(Consumer<Set<AccountId>> afterCommit) {
    this.afterCommit = afterCommit;
  }

  /** Each committed unit of work's written accounts go to {@code afterCommit}, on its thread. */
  public static WrittenAccounts handedTo(Consumer<Set<AccountId>> afterCommit) {
    return new WrittenAccounts(afterCommit);
  }

  /** Within a unit of work: accounts its balance updates wrote. */
  void add(Collection<AccountId> accounts) {
    if (afterCommit == null) {
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

  /** The unit of work committed: what it wrote goes to the hook and is forgotten here. */
  void committed() {
    Set<AccountId> written = WRITTEN.get();
    WRITTEN.remove();
    if (afterCommit != null) {
      afterCommit.accept(written == null ? Set.of() : written);
    }
  }
}
