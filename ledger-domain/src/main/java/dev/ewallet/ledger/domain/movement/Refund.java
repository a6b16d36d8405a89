package dev.ewallet.ledger.domain.movement;

import dev.ewallet.ledger.domain.account.AccountId;
import dev.ewallet.ledger.domain.journal.JournalTransaction;
import dev.ewallet.ledger.domain.journal.TransactionId;
import dev.ewallet.ledger.domain.journal.TransactionType;
import java.time.Instant;
import java.util.Objects;
import java.util.Set;
import java.util.SortedSet;

/**
 * Part of a transfer paid back to its payer, again and again up to its amount, never after it was
 * reversed ({@link JournalTransaction#refund}).
 *
 * @param original the transfer as committed
 * @param merchantsOfShards the merchants of the original's shards, read before locking (a shard's
 *     merchant never changes): a sweep may have moved the money there
 * @param amountMinor positive, in the transfer's currency
 * @param reason the operator's reason, or {@code null}
 */
public record Refund(
    JournalTransaction original, Set<AccountId> merchantsOfShards, long amountMinor, String reason)
    implements Movement {

  public Refund {
    Objects.requireNonNull(original, "original");
    merchantsOfShards = Set.copyOf(merchantsOfShards);
  }

  @Override
  public TransactionType type() {
    return TransactionType.REFUND;
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
    return PostingPlan.undoing(
        original.refund(id, amountMinor, undone.refundedMinor(), at, locked.accounts()),
        original.createdAt());
  }
}
