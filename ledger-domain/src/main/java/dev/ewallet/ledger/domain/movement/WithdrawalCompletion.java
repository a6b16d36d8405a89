package dev.ewallet.ledger.domain.movement;

import dev.ewallet.ledger.domain.account.Account;
import dev.ewallet.ledger.domain.account.AccountId;
import dev.ewallet.ledger.domain.account.AccountKind;
import dev.ewallet.ledger.domain.bankflow.Withdrawal;
import dev.ewallet.ledger.domain.journal.TransactionId;
import dev.ewallet.ledger.domain.journal.TransactionType;
import java.time.Instant;
import java.util.Objects;
import java.util.Set;
import java.util.SortedSet;

/**
 * The bank paid a withdrawal out: the held amount moves from the hold account to the payout
 * clearing account of its currency, and the withdrawal becomes COMPLETED.
 *
 * @param withdrawal the withdrawal as read before locking (its wallet and amount never change); its
 *     state is checked on the locked row
 */
public record WithdrawalCompletion(
    Withdrawal withdrawal, AccountId holdAccount, AccountId payoutClearing) implements Movement {

  public WithdrawalCompletion {
    Objects.requireNonNull(withdrawal, "withdrawal");
    Objects.requireNonNull(holdAccount, "holdAccount");
    Objects.requireNonNull(payoutClearing, "payoutClearing");
  }

  @Override
  public TransactionType type() {
    return TransactionType.WITHDRAWAL_COMPLETION;
  }

  @Override
  public SortedSet<AccountId> accountsToLock() {
    return WithdrawalSettling.accountsToLock(withdrawal, holdAccount, payoutClearing);
  }

  /** The payout clearing account takes new money; the hold row is the one the withdrawal named. */
  @Override
  public Set<AccountId> onAnyShard() {
    return Set.of(payoutClearing);
  }

  @Override
  public SettledRow settles() {
    return new SettledRow.WithdrawalRow(withdrawal.id());
  }

  @Override
  public PostingPlan plan(LockedRows locked, PostingRules rules, TransactionId id, Instant at) {
    Withdrawal pending = locked.withdrawal(withdrawal.id());
    Account paidOut =
        WalletRules.requireSystem(
            locked, payoutClearing, AccountKind.PAYOUT_CLEARING, pending.amount().currency());
    return WithdrawalSettling.plan(
        locked, holdAccount, paidOut.id(), pending.complete(id, at), type(), id, at);
  }
}
