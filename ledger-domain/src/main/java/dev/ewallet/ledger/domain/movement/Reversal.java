package dev.ewallet.ledger.domain.movement;

import dev.ewallet.ledger.domain.account.AccountId;
import dev.ewallet.ledger.domain.error.NotReversibleException;
import dev.ewallet.ledger.domain.journal.JournalTransaction;
import dev.ewallet.ledger.domain.journal.TransactionId;
import dev.ewallet.ledger.domain.journal.TransactionType;
import java.time.Instant;
import java.util.Objects;
import java.util.Set;
import java.util.SortedSet;

/**
 * The exact negation of a deposit, transfer or multi-leg posting ({@link
 * TransactionType#isReversible}), once, and never of a transfer refunded in part. A credit that
 * landed on a merchant's shard is taken from wherever the merchant holds it now ({@link
 * JournalTransaction#reverse}).
 *
 * @param original the transaction as committed
 * @param merchantsOfShards the merchants of the original's shards, read before locking (a shard's
 *     merchant never changes): a sweep may have moved the money there
 * @param reason the operator's reason, or {@code null}
 */
public record Reversal(JournalTransaction original, Set<AccountId> merchantsOfShards, String reason)
    implements Movement {

  public Reversal {
    Objects.requireNonNull(original, "original");
    merchantsOfShards = Set.copyOf(merchantsOfShards);
  }

  @Override
  public TransactionType type() {
    return TransactionType.REVERSAL;
  }

  @Override
  public SortedSet<AccountId> accountsToLock() {
    return Undoing.accountsToLock(original, merchantsOfShards);
  }

  @Override
  public TransactionId undoes() {
    return original.id();
  }

  @Override
  public PostingPlan plan(LockedRows locked, PostingRules rules, TransactionId id, Instant at) {
    Undone undone = Undoing.requireNotReversed(locked, original);
    if (undone.refundedMinor() > 0) {
      throw NotReversibleException.refunded(original.id().toString(), undone.refundedMinor());
    }
    return PostingPlan.undoing(original.reverse(id, at, locked.accounts()), original.createdAt());
  }
}
