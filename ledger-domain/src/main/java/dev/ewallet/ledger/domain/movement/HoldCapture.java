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
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.SortedSet;
import java.util.TreeSet;

/**
 * A hold captured, whole or in part: the hold account pays the destination what is captured and the
 * wallet the rest, and the hold becomes CAPTURED. A freeze of either wallet does not stop it.
 *
 * @param hold the hold as read before locking (its wallets and amount never change); its state is
 *     checked on the locked row
 * @param amountMinor what is captured; {@code null} for the whole hold
 */
public record HoldCapture(Hold hold, AccountId holdAccount, Long amountMinor) implements Movement {

  public HoldCapture {
    Objects.requireNonNull(hold, "hold");
    Objects.requireNonNull(holdAccount, "holdAccount");
  }

  @Override
  public TransactionType type() {
    return TransactionType.HOLD_CAPTURE;
  }

  @Override
  public SortedSet<AccountId> accountsToLock() {
    return new TreeSet<>(List.of(holdAccount, hold.destinationAccountId(), hold.accountId()));
  }

  @Override
  public SettledRow settles() {
    return new SettledRow.HoldRow(hold.id());
  }

  @Override
  public PostingPlan plan(LockedRows locked, PostingRules rules, TransactionId id, Instant at) {
    Hold pending = locked.hold(hold.id());
    Money held = pending.amount();
    Money captured = amountMinor == null ? held : Money.of(amountMinor, held.currency());
    Hold capturedHold = pending.capture(captured, id, at);
    WalletRules.requireSystem(locked, holdAccount, AccountKind.HOLD, held.currency());
    List<Posting> postings = new ArrayList<>();
    postings.add(new Posting(holdAccount, held.negate()));
    postings.add(new Posting(pending.destinationAccountId(), captured));
    Money rest = held.plus(captured.negate());
    if (rest.isPositive()) {
      postings.add(new Posting(pending.accountId(), rest));
    }
    return PostingPlan.with(
        JournalTransaction.create(id, TransactionType.HOLD_CAPTURE, postings, at),
        new RowChange.HoldSettled(capturedHold));
  }
}
