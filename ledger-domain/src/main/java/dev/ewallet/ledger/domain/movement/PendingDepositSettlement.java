package dev.ewallet.ledger.domain.movement;

import dev.ewallet.ledger.domain.account.AccountId;
import dev.ewallet.ledger.domain.bankflow.PendingDeposit;
import dev.ewallet.ledger.domain.journal.TransactionId;
import dev.ewallet.ledger.domain.journal.TransactionType;
import java.time.Instant;
import java.util.Objects;
import java.util.Set;
import java.util.SortedSet;

/**
 * The bank's money for a pending deposit arrived: the deposit is posted as any {@link Deposit} is,
 * by the same rules, and the pending deposit becomes SETTLED in the same unit of work, so it is
 * posted exactly once.
 *
 * @param pending the pending deposit as read before locking (its wallet and amount never change);
 *     its state is checked on the locked row
 * @param clearing the bank clearing account of the wallet's currency
 */
public record PendingDepositSettlement(PendingDeposit pending, AccountId clearing)
    implements Movement {

  public PendingDepositSettlement {
    Objects.requireNonNull(pending, "pending");
    Objects.requireNonNull(clearing, "clearing");
  }

  private Deposit deposit() {
    return new Deposit(pending.accountId(), clearing, pending.amount().amountMinor());
  }

  @Override
  public TransactionType type() {
    return TransactionType.DEPOSIT;
  }

  @Override
  public SortedSet<AccountId> accountsToLock() {
    return deposit().accountsToLock();
  }

  @Override
  public Set<AccountId> onAnyShard() {
    return deposit().onAnyShard();
  }

  @Override
  public SettledRow settles() {
    return new SettledRow.PendingDepositRow(pending.id());
  }

  @Override
  public PostingPlan plan(LockedRows locked, PostingRules rules, TransactionId id, Instant at) {
    PendingDeposit settled = locked.pendingDeposit(pending.id()).settle(id, at);
    return PostingPlan.with(
        deposit().plan(locked, rules, id, at).transaction(),
        new RowChange.PendingDepositSettled(settled));
  }
}
