package dev.ewallet.ledger.domain.movement;

import dev.ewallet.ledger.domain.account.AccountId;
import dev.ewallet.ledger.domain.account.AccountKind;
import dev.ewallet.ledger.domain.bankflow.Withdrawal;
import dev.ewallet.ledger.domain.journal.JournalTransaction;
import dev.ewallet.ledger.domain.journal.Posting;
import dev.ewallet.ledger.domain.journal.TransactionId;
import dev.ewallet.ledger.domain.journal.TransactionType;
import dev.ewallet.ledger.domain.money.Money;
import java.time.Instant;
import java.util.List;
import java.util.SortedSet;
import java.util.TreeSet;

/** What completing and failing a withdrawal share: the held amount leaves the hold account. */
final class WithdrawalSettling {

  private WithdrawalSettling() {}

  /**
   * The hold account, the target and the withdrawal's wallet: its held amount changes, so its
   * {@code heldAmount} monitors move under its lock, as they do when the withdrawal is requested.
   */
  static SortedSet<AccountId> accountsToLock(
      Withdrawal withdrawal, AccountId holdAccount, AccountId target) {
    return new TreeSet<>(List.of(holdAccount, target, withdrawal.accountId()));
  }

  /** Moves the held amount to {@code target} and the withdrawal to {@code settled}, together. */
  static PostingPlan plan(
      LockedRows locked,
      AccountId holdAccount,
      AccountId target,
      Withdrawal settled,
      TransactionType type,
      TransactionId id,
      Instant at) {
    Money amount = settled.amount();
    WalletRules.requireSystem(locked, holdAccount, AccountKind.HOLD, amount.currency());
    return PostingPlan.with(
        JournalTransaction.create(
            id,
            type,
            List.of(new Posting(holdAccount, amount.negate()), new Posting(target, amount)),
            at),
        new RowChange.WithdrawalSettled(settled));
  }
}
