package dev.ewallet.ledger.domain.movement;

import dev.ewallet.ledger.domain.account.Account;
import dev.ewallet.ledger.domain.account.AccountId;
import dev.ewallet.ledger.domain.account.AccountKind;
import dev.ewallet.ledger.domain.journal.JournalTransaction;
import dev.ewallet.ledger.domain.journal.Posting;
import dev.ewallet.ledger.domain.journal.TransactionId;
import dev.ewallet.ledger.domain.journal.TransactionType;
import dev.ewallet.ledger.domain.money.Money;
import java.time.Instant;
import java.util.List;
import java.util.Objects;
import java.util.SortedSet;
import java.util.TreeSet;

/**
 * Gathers one shard's whole balance, as locked, into its merchant's main account, from which
 * payouts leave. A freeze of the merchant does not stop it.
 */
public record Sweep(AccountId merchant, AccountId shard) implements Movement {

  /**
   * The shard held nothing once locked (a reversal took its money after the sweep read it): the
   * sweep posts nothing. Not a refusal a client sees: the sweep skips the shard.
   */
  public static final class ShardEmptied extends RuntimeException {
    ShardEmptied(AccountId shard) {
      super("shard " + shard + " was emptied before it was locked", null, false, false);
    }
  }

  public Sweep {
    Objects.requireNonNull(merchant, "merchant");
    Objects.requireNonNull(shard, "shard");
  }

  @Override
  public TransactionType type() {
    return TransactionType.SWEEP;
  }

  @Override
  public SortedSet<AccountId> accountsToLock() {
    return new TreeSet<>(List.of(merchant, shard));
  }

  @Override
  public PostingPlan plan(LockedRows locked, PostingRules rules, TransactionId id, Instant at) {
    Account gathered = locked.account(shard);
    if (gathered.kind() != AccountKind.MERCHANT_SHARD || !merchant.equals(gathered.parent())) {
      throw new IllegalStateException("account " + shard + " is no shard of " + merchant);
    }
    Money balance = gathered.balance();
    if (balance.isZero()) {
      throw new ShardEmptied(shard);
    }
    return PostingPlan.of(
        JournalTransaction.create(
            id,
            TransactionType.SWEEP,
            List.of(new Posting(shard, balance.negate()), new Posting(merchant, balance)),
            at));
  }
}
