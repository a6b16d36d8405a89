package dev.ewallet.ledger.domain.movement;

import dev.ewallet.ledger.domain.account.AccountId;
import dev.ewallet.ledger.domain.account.AccountKind;
import dev.ewallet.ledger.domain.bankflow.Hold;
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
 * A hold released: the hold account pays the whole amount back to the wallet, and the hold becomes
 * VOIDED, or EXPIRED from its expiry on. A freeze of the wallet does not stop it.
 *
 * @param hold the hold as read before locking (its wallet and amount never change); its state is
 *     checked on the locked row
 */
public record HoldRelease(Hold hold, AccountId holdAccount) implements Movement {

  public HoldRelease {
    Objects.requireNonNull(hold, "hold");
    Objects.requireNonNull(holdAccount, "holdAccount");
  }

  @Override
  public TransactionType type() {
    return TransactionType.HOLD_RELEASE;
  }

  @Override
  public SortedSet<AccountId> accountsToLock() {
    return new TreeSet<>(List.of(holdAccount, hold.accountId()));
  }

  @Override
  public SettledRow settles() {
    return new SettledRow.HoldRow(hold.id());
  }

  @Override
  public PostingPlan plan(LockedRows locked, PostingRules rules, TransactionId id, Instant at) {
    Hold pending = locked.hold(hold.id());
    Hold released = pending.release(id, at);
    Money held = pending.amount();
    WalletRules.requireSystem(locked, holdAccount, AccountKind.HOLD, held.currency());
    return PostingPlan.with(
        JournalTransaction.create(
            id,
            TransactionType.HOLD_RELEASE,
            List.of(
                new Posting(holdAccount, held.negate()), new Posting(pending.accountId(), held)),
            at),
        new RowChange.HoldSettled(released));
  }
}
