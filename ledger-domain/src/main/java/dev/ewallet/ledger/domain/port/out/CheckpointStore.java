package dev.ewallet.ledger.domain.port.out;

import dev.ewallet.ledger.domain.account.AccountId;
import dev.ewallet.ledger.domain.checkpoint.AccountLeaf;
import dev.ewallet.ledger.domain.checkpoint.AccountProof;
import dev.ewallet.ledger.domain.checkpoint.ChangeSink;
import dev.ewallet.ledger.domain.checkpoint.SignedCheckpoint;
import dev.ewallet.ledger.domain.checkpoint.TreeChunk;
import dev.ewallet.ledger.domain.journal.ReconciliationMismatch;
import dev.ewallet.ledger.domain.money.CurrencyCode;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.function.BiConsumer;
import java.util.function.Function;

/**
 * Signed checkpoints, append-only, with what rebuilds their proofs: each tree's chunks, and every
 * account's leaf as of each checkpoint (kept when it changed since the account's previous one).
 */
public interface CheckpointStore {

  /** What one snapshot of the books shows. */
  interface BooksSnapshot {

    /**
     * Hands every customer account's leaf (wallets, merchants and their shards) to {@code sink}, in
     * ascending account id, with its currency.
     *
     * @return the newest entry id among them, 0 when none has entries
     */
    long leaves(BiConsumer<CurrencyCode, AccountLeaf> sink);

    /** What the system accounts hold, per currency, and the newest entry id among them. */
    SystemSide systemSide();
  }

  /** The system accounts' side of a snapshot. */
  record SystemSide(Map<CurrencyCode, Long> balances, long newestEntryId) {}

  /** A signed checkpoint with its trees' chunks, ready to be kept. */
  record Built(SignedCheckpoint signed, Map<CurrencyCode, List<TreeChunk>> chunks) {}

  /**
   * Takes one snapshot of the books (posting goes on beside it: no lock posting needs is held),
   * builds a checkpoint from it with {@code build}, and keeps it, its chunks and the leaves that
   * changed, and its event for the outbox, in one transaction. One checkpoint is built at a time,
   * whichever instance asks.
   */
  SignedCheckpoint record(Function<BooksSnapshot, Built> build);

  Optional<SignedCheckpoint> latest();

  /** Checkpoints made in {@code [from, to)}, oldest first, at most {@code limit}. */
  List<SignedCheckpoint> between(Instant from, Instant to, int limit);

  Optional<SignedCheckpoint> byId(UUID id);

  /** The checkpoint made just before {@code checkpoint}; empty for the first. */
  Optional<SignedCheckpoint> previous(SignedCheckpoint checkpoint);

  /**
   * Streams the accounts whose leaf {@code checkpoint} changed, in ascending id, each with its
   * entries since its leaf of the checkpoint before, in its chain's order ({@link
   * ChangeSink#account}, {@link ChangeSink#entry}); {@link ChangeSink#start} is the caller's.
   */
  void changes(SignedCheckpoint checkpoint, ChangeSink sink);

  /**
   * The account's proof under the checkpoint, rebuilt from its chunk's kept leaves and the kept
   * chunks; empty when the account was not in the checkpoint.
   *
   * @throws IllegalStateException when what was kept no longer gives the signed root
   */
  Optional<AccountProof> proof(SignedCheckpoint checkpoint, AccountId account);

  /**
   * Accounts whose newest kept leaf the journal no longer gives: its newest entry then is gone, or
   * has another hash or balance. Someone rewrote the account's history since it was signed.
   *
   * @param limit the most to return, at least 1
   */
  List<ReconciliationMismatch> leavesNotInJournal(int limit);

  /**
   * The newest checkpoint whose leaves of the broken accounts the journal still gives: each leaf's
   * newest entry is before the account's first broken entry (if any) and still has the leaf's hash
   * and balance. Empty when no checkpoint does.
   */
  Optional<SignedCheckpoint> lastHolding(List<ReconciliationMismatch> breaks);
}
