package dev.ewallet.ledger.domain.port.out;

import dev.ewallet.ledger.domain.account.AccountId;
import dev.ewallet.ledger.domain.account.UserId;
import dev.ewallet.ledger.domain.journal.PostedTransaction;
import dev.ewallet.ledger.domain.journal.StoredRefusal;
import dev.ewallet.ledger.domain.journal.TransactionId;
import dev.ewallet.ledger.domain.journal.UniqueReference;
import java.time.Instant;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/** The append-only journal: transactions and their entries. No argument may be {@code null}. */
public interface JournalRepository {

  /**
   * The committed claims of these keys; keys nobody claimed (or whose claimer has not committed)
   * are absent. The poster reads them first and claims only for the requests that pass.
   */
  Map<ClaimKey, IdempotencyRecord> findClaims(Collection<ClaimKey> keys);

  /**
   * Appends the headers of many transactions in one statement, each claiming its idempotency key
   * for its principal. A claim of a key another transaction holds waits until the holder commits or
   * rolls back, and is then skipped if the key stayed taken.
   *
   * <p>Must run inside {@link UnitOfWork#inTransaction}: a rollback frees the keys again.
   *
   * @return the ids of the transactions whose claim won
   *     <p>A claim's unique reference is taken with it; a reference another deposit of the currency
   *     holds (or is taking, and then commits) refuses the whole call.
   * @throws dev.ewallet.ledger.domain.error.AlreadyReversedException when a claim reverses a
   *     transaction that another transaction reverses already
   * @throws dev.ewallet.ledger.domain.error.DuplicateReferenceException when a claim's unique
   *     reference is taken
   */
  Set<TransactionId> claimAll(List<JournalClaim> claims);

  /**
   * Which of these references committed deposits carry already. The poster asks first and refuses
   * those requests alone; {@link #claimAll} still refuses a reference taken concurrently.
   */
  Set<UniqueReference> takenReferences(Collection<UniqueReference> references);

  /**
   * Transactions carrying this reference, newest first.
   *
   * @param owner only transactions with an entry on an account of this user; {@code null} for all
   * @param limit the most to return
   */
  List<PostedTransaction> findByReference(String reference, UserId owner, int limit);

  /** Appends the entries of many transactions in one statement, each in its posting order. */
  void appendEntries(List<TransactionChanges> transactions, Instant createdAt);

  /**
   * How much of a transfer its refunds have paid back, as committed: the sum of what they credited;
   * 0 when it has none. Callers read it with the transfer's accounts locked, which every refund and
   * reversal of it locks too.
   */
  long refundedMinor(TransactionId transfer);

  /** The transaction with its entries and reversal links, as committed. */
  Optional<PostedTransaction> findById(TransactionId id);

  /**
   * The row a hold or a withdrawal request put its money on, read from the placement's own entries
   * (the currency's hold account, or the shard of it the placement was posted to): its settlement
   * takes the money back from that row, which therefore never goes negative.
   */
  default AccountId heldOn(TransactionId placement) {
    return findById(placement)
        .orElseThrow(() -> new IllegalStateException("transaction " + placement + " is not found"))
        .journalTransaction()
        .creditedAccount();
  }

  /**
   * Keeps {@code refusal} as the latest of the key's refusals, replacing an earlier one, unless the
   * key has posted: a refusal never hides what a key posted.
   */
  void recordRefusal(ClaimKey key, StoredRefusal refusal);

  /** The latest refusal kept for the key; empty for none. */
  Optional<StoredRefusal> findRefusal(ClaimKey key);
}
