package dev.ewallet.ledger.domain.movement;

import dev.ewallet.ledger.domain.account.Account;
import dev.ewallet.ledger.domain.account.AccountId;
import dev.ewallet.ledger.domain.account.AccountKind;
import dev.ewallet.ledger.domain.journal.JournalTransaction;
import dev.ewallet.ledger.domain.journal.Posting;
import dev.ewallet.ledger.domain.journal.SuspenseItem;
import dev.ewallet.ledger.domain.journal.TransactionId;
import dev.ewallet.ledger.domain.journal.TransactionType;
import dev.ewallet.ledger.domain.money.Money;
import java.time.Instant;
import java.util.List;
import java.util.Objects;
import java.util.SortedSet;
import java.util.TreeSet;

/**
 * A reopened wallet gets back what was kept for it in suspense while it was closed: its currency's
 * suspense account pays it the kept items in one transaction. Storing the release marks each item
 * released, and fails the whole posting when another release took one first, so an item is paid
 * back once.
 *
 * @param items the wallet's kept items, read before locking, all on {@code suspense}
 */
public record SuspenseRelease(AccountId wallet, AccountId suspense, List<SuspenseItem> items)
    implements Movement {

  public SuspenseRelease {
    Objects.requireNonNull(wallet, "wallet");
    Objects.requireNonNull(suspense, "suspense");
    items = List.copyOf(items);
    if (items.isEmpty()) {
      throw new IllegalArgumentException("nothing to release for " + wallet);
    }
    for (SuspenseItem item : items) {
      if (!item.wallet().equals(wallet) || !item.suspense().equals(suspense) || !item.isKept()) {
        throw new IllegalArgumentException(item + " is not kept for " + wallet + " on " + suspense);
      }
    }
  }

  @Override
  public TransactionType type() {
    return TransactionType.SUSPENSE_RELEASE;
  }

  @Override
  public SortedSet<AccountId> accountsToLock() {
    return new TreeSet<>(List.of(wallet, suspense));
  }

  @Override
  public PostingPlan plan(LockedRows locked, PostingRules rules, TransactionId id, Instant at) {
    Account reopened = locked.account(wallet);
    reopened.requireWallet();
    reopened.requireNotClosed();
    Account kept =
        WalletRules.requireSystem(locked, suspense, AccountKind.SUSPENSE, reopened.currency());
    Money amount = Money.zero(reopened.currency());
    for (SuspenseItem item : items) {
      amount = amount.plus(item.amount());
    }
    return PostingPlan.with(
        JournalTransaction.create(
            id,
            TransactionType.SUSPENSE_RELEASE,
            List.of(new Posting(kept.id(), amount.negate()), new Posting(wallet, amount)),
            at),
        new RowChange.SuspenseReleased(
            wallet, items.stream().map(SuspenseItem::transactionId).toList(), id));
  }
}
