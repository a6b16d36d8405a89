package dev.ewallet.ledger.verifier;

import dev.ewallet.ledger.domain.account.AccountId;
import dev.ewallet.ledger.domain.account.EntryHash;
import dev.ewallet.ledger.domain.money.CurrencyCode;
import dev.ewallet.ledger.domain.money.Money;
import java.util.Optional;

/**
 * One account's hash chain and balance walked entry by entry, as a statement or a checkpoint's
 * changes give them: each entry's balance must be the one before plus its amount, and its hash the
 * link of the hash before and its own fields (docs/statements.md).
 */
final class ChainWalk {

  private final AccountId account;
  private final CurrencyCode currency;
  private EntryHash head;
  private long balance;

  ChainWalk(AccountId account, CurrencyCode currency, EntryHash start, long openingBalance) {
    this.account = account;
    this.currency = currency;
    this.head = start;
    this.balance = openingBalance;
  }

  /** Follows one entry; empty when it follows, else where and why it does not. */
  Optional<String> follow(Statement.Entry entry) {
    String where = "account " + account + ", entry " + entry.entryId() + ": ";
    long next;
    try {
      next = Math.addExact(balance, entry.amount());
    } catch (ArithmeticException overflow) {
      return Optional.of(where + "it overflows the balance");
    }
    if (next != entry.balanceAfter()) {
      return Optional.of(
          where
              + "it states balance "
              + entry.balanceAfter()
              + ", but the balance before it and its amount give "
              + next);
    }
    if (!head.leadsTo(
        entry.hash(),
        entry.transactionId(),
        account,
        Money.of(entry.amount(), currency),
        Money.of(entry.balanceAfter(), currency),
        entry.createdAt(),
        entry.detailsDigest())) {
      return Optional.of(
          where
              + "its hash is not the link of the hash before it and its own fields ("
              + entry.hash()
              + " stated, "
              + head
              + " before it)");
    }
    head = entry.hash();
    balance = next;
    return Optional.empty();
  }

  /** The chain's end after the entries followed. */
  EntryHash head() {
    return head;
  }

  /** The balance after the entries followed. */
  long balance() {
    return balance;
  }
}
