package dev.ewallet.ledger.domain.movement;

import dev.ewallet.ledger.domain.account.AccountId;
import dev.ewallet.ledger.domain.journal.JournalTransaction;
import dev.ewallet.ledger.domain.journal.Posting;
import dev.ewallet.ledger.domain.limits.OutgoingAllowance;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Function;

/**
 * What a movement decided once its rows were locked: the journal transaction, the bank-flow rows it
 * places or moves on (which the posting path stores in the same unit of work), and the fee the
 * transaction charges its payer (one of its postings), kept with it. A plan writes nothing.
 *
 * @param feeMinor 0 for none
 * @param undoesSpentAt for a reversal or refund, when the transaction it undoes was posted: its
 *     credits to wallets give back outgoing headroom spent then, within the same windows; else
 *     {@code null}
 */
public record PostingPlan(
    JournalTransaction transaction,
    List<RowChange> rowChanges,
    long feeMinor,
    Instant undoesSpentAt) {

  public PostingPlan {
    Objects.requireNonNull(transaction, "transaction");
    rowChanges = List.copyOf(rowChanges);
    if (feeMinor < 0) {
      throw new IllegalArgumentException("fee " + feeMinor);
    }
  }

  /** A transaction that changes nothing but balances. */
  public static PostingPlan of(JournalTransaction transaction) {
    return new PostingPlan(transaction, List.of(), 0, null);
  }

  /** A transaction that places or moves on one bank-flow row. */
  public static PostingPlan with(JournalTransaction transaction, RowChange change) {
    return new PostingPlan(transaction, List.of(change), 0, null);
  }

  /** A transaction one of whose postings is the fee it charges its payer. */
  public static PostingPlan charging(JournalTransaction transaction, long feeMinor) {
    return new PostingPlan(transaction, List.of(), feeMinor, null);
  }

  /** A reversal or refund of a transaction posted at {@code spentAt}. */
  public static PostingPlan undoing(JournalTransaction transaction, Instant spentAt) {
    return new PostingPlan(transaction, List.of(), 0, Objects.requireNonNull(spentAt));
  }

  /**
   * This plan with its transaction's postings moved (same id and type) and more row changes: what
   * {@link ClosedWalletCredits} makes of a credit for a closed wallet.
   */
  PostingPlan moved(JournalTransaction movedTransaction, List<RowChange> moreChanges) {
    if (!movedTransaction.id().equals(transaction.id())) {
      throw new IllegalArgumentException(movedTransaction + " is not " + transaction);
    }
    List<RowChange> changes = new ArrayList<>(rowChanges);
    changes.addAll(moreChanges);
    return new PostingPlan(movedTransaction, changes, feeMinor, undoesSpentAt);
  }

  /**
   * What this plan does to its wallets' outgoing allowances: a debit of a wallet in a transaction
   * that moves money anew spends from it, a credit to a wallet in a reversal or refund gives back
   * what was spent within the same windows.
   *
   * @param allowances each wallet's allowance as the batch has left it; {@code null} for accounts
   *     that have none (system accounts, shards)
   * @return the changed allowances, by account
   * @throws dev.ewallet.ledger.domain.error.LimitExceededException when a debit passes a limit
   */
  public Map<AccountId, OutgoingAllowance> allowancesAfter(
      Function<AccountId, OutgoingAllowance> allowances, Instant now) {
    Map<AccountId, OutgoingAllowance> after = new LinkedHashMap<>();
    for (Posting posting : transaction.postings()) {
      OutgoingAllowance allowance = allowances.apply(posting.accountId());
      if (allowance == null) {
        continue;
      }
      long amount = posting.amount().amountMinor();
      if (amount < 0 && transaction.type().movesMoneyAnew()) {
        after.put(posting.accountId(), allowance.spend(-amount));
      } else if (amount > 0 && undoesSpentAt != null) {
        after.put(posting.accountId(), allowance.giveBack(amount, undoesSpentAt, now));
      }
    }
    return after;
  }
}
