package dev.ewallet.ledger.domain.port.out;

import dev.ewallet.ledger.domain.account.AccountId;
import dev.ewallet.ledger.domain.journal.BalanceChange;
import dev.ewallet.ledger.domain.journal.LedgerEntry;
import dev.ewallet.ledger.domain.journal.PostedTransaction;
import dev.ewallet.ledger.domain.journal.TransactionId;
import java.time.Instant;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/** The append-only journal: transactions and their entries. No argument may be {@code null}. */
public interface JournalRepository {

  /**
   * Appends the transaction's header, which claims its idempotency key for the principal. When an
   * earlier transaction holds the key, nothing is written and that transaction is returned; a
   * concurrent claim of the same key waits until the holder commits or rolls back.
   *
   * <p>Must run inside {@link UnitOfWork#inTransaction}: a rollback frees the key again.
   *
   * @return empty when this claim won the key
   * @throws dev.ewallet.ledger.domain.error.AlreadyReversedException when the claim reverses a
   *     transaction that another transaction reverses already
   */
  Optional<IdempotencyRecord> claim(JournalClaim claim);

  /**
   * The committed claims of these keys; keys nobody claimed (or whose claimer has not committed)
   * are absent. For the group-commit engine, which claims only the transfers that pass.
   */
  Map<ClaimKey, IdempotencyRecord> findClaims(Collection<ClaimKey> keys);

  /**
   * Appends the headers of many transactions in one statement, each claiming its key as {@link
   * #claim} does; a key taken meanwhile is skipped rather than waited out twice.
   *
   * @return the ids of the transactions whose claim won
   */
  Set<TransactionId> claimAll(List<JournalClaim> claims);

  /** Appends the entries of many transactions in one statement, each in its posting order. */
  void appendEntries(List<TransactionChanges> transactions, Instant createdAt);

  /** Appends one entry per change, in order, for a transaction claimed in this unit of work. */
  void appendEntries(TransactionId transactionId, List<BalanceChange> changes, Instant createdAt);

  /** The transaction with its entries and reversal links, as committed. */
  Optional<PostedTransaction> findById(TransactionId id);

  /**
   * The entries of the accounts (one account, or a merchant and its shards), merged newest first by
   * entry id.
   *
   * @param accountIds at least one
   * @param beforeEntryId only entries with a smaller id; {@code null} for the newest
   * @param limit the most entries to return, at least 1
   */
  List<LedgerEntry> findEntries(List<AccountId> accountIds, Long beforeEntryId, int limit);
}
