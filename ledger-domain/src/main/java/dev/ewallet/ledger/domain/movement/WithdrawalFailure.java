package dev.ewallet.ledger.domain.movement;

import dev.ewallet.ledger.domain.account.AccountId;
import dev.ewallet.ledger.domain.bankflow.Withdrawal;
import dev.ewallet.ledger.domain.journal.TransactionId;
import dev.ewallet.ledger.domain.journal.TransactionType;
import java.time.Instant;
import java.util.Objects;
import java.util.SortedSet;

/**
 * The bank refused a withdrawal: the held amount goes back from the hold account to the wallet, and
 * the withdrawal becomes FAILED with the bank's reason. A freeze of the wallet does not stop it.
 *
 * @param withdrawal the withdrawal as read before locking (its wallet and amount never change); its
 *     state is checked on the locked row
 * @param reason the bank's reason; {@code null} when it gave none
 */
public record WithdrawalFailure(Withdrawal withdrawal, AccountId holdAccount, String reason)
    implements Movement {

  public WithdrawalFailure {
    Objects.requireNonNull(withdrawal, "withdrawal");
    Objects.requireNonNull(holdAccount, "holdAccount");
  }

  @Override
  public TransactionType type() {
    return TransactionType.WITHDRAWAL_FAILURE;
  }

  @Override
  public SortedSet<AccountId> accountsToLock() {
    return WithdrawalSettling.accountsToLock(withdrawal, holdAccount, withdrawal.accountId());
  }

  @Override
  public SettledRow settles() {
    return new SettledRow.WithdrawalRow(withdrawal.id());
  }

  @Override
  public PostingPlan plan(LockedRows locked, PostingRules rules, TransactionId id, Instant at) {
    Withdrawal pending = locked.withdrawal(withdrawal.id());
    return WithdrawalSettling.plan(
        locked, holdAccount, pending.accountId(), pending.fail(id, reason, at), type(), id, at);
  }
}
