package dev.ewallet.ledger.domain.movement;

import dev.ewallet.ledger.domain.account.Account;
import dev.ewallet.ledger.domain.account.AccountId;
import dev.ewallet.ledger.domain.account.AccountKind;
import dev.ewallet.ledger.domain.account.AccountStatus;
import dev.ewallet.ledger.domain.error.AccountClosedException;
import dev.ewallet.ledger.domain.journal.JournalTransaction;
import dev.ewallet.ledger.domain.journal.Posting;
import dev.ewallet.ledger.domain.journal.SuspenseItem;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * What becomes of money that arrives for a closed wallet ({@link
 * dev.ewallet.ledger.domain.journal.TransactionType#reachesClosedWallets}: a deposit the bank
 * holds, a late refund, a reversal, a withdrawal or hold coming back). Every other posting to a
 * closed wallet is refused by the journal ({@code JournalTransaction.balanceAfter}). The posting
 * path applies the policy to every plan, before any balance is checked.
 */
public enum ClosedWalletCredits {
  /** The credit is refused with {@code ACCOUNT_CLOSED}, like any other posting to the wallet. */
  REFUSE,
  /**
   * The credit is booked to the suspense account of its currency instead, with the closed wallet as
   * its reference ({@link SuspenseItem}), and paid back when an operator reopens the wallet.
   */
  SUSPENSE;

  /**
   * The plan with every credit this policy takes from a closed wallet moved to {@code suspense},
   * and a {@link RowChange.SuspenseBooked} for each; the plan itself when it credits no closed
   * wallet.
   *
   * @param suspense the suspense account the posting locked for the plan's currency, or {@code
   *     null} when it locked none
   * @throws AccountClosedException when the policy refuses the credit, or when it would book it to
   *     a suspense account the posting did not lock (naming the currency, so that the posting path
   *     posts again with that account locked)
   */
  public PostingPlan applyTo(PostingPlan plan, LockedRows locked, AccountId suspense, Instant at) {
    JournalTransaction transaction = plan.transaction();
    if (!transaction.type().reachesClosedWallets()) {
      return plan;
    }
    JournalTransaction moved = transaction;
    List<RowChange> booked = new ArrayList<>();
    for (Posting posting : transaction.postings()) {
      Account credited = locked.account(posting.accountId());
      if (credited.status() != AccountStatus.CLOSED || !posting.amount().isPositive()) {
        continue;
      }
      long wallet = credited.id().value();
      if (this == REFUSE) {
        throw new AccountClosedException(wallet);
      }
      Account kept = suspense == null ? null : locked.account(suspense);
      if (kept == null || !kept.currency().equals(credited.currency())) {
        throw new AccountClosedException(wallet, credited.currency().value());
      }
      WalletRules.requireSystem(locked, kept.id(), AccountKind.SUSPENSE, credited.currency());
      moved = moved.withPostingMoved(credited.id(), kept.id());
      booked.add(
          new RowChange.SuspenseBooked(
              new SuspenseItem(
                  transaction.id(),
                  credited.id(),
                  kept.id(),
                  posting.amount(),
                  transaction.type(),
                  at,
                  null)));
    }
    return booked.isEmpty() ? plan : plan.moved(moved, booked);
  }
}
