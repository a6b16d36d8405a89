package dev.ewallet.ledger.domain.port.out;

import dev.ewallet.ledger.domain.bank.Overdue;
import dev.ewallet.ledger.domain.bankflow.PendingPosition;
import dev.ewallet.ledger.domain.bankflow.Withdrawal;
import dev.ewallet.ledger.domain.journal.TransactionId;
import dev.ewallet.ledger.domain.money.Money;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.SortedSet;

/** Where withdrawals live. No argument may be {@code null}. */
public interface WithdrawalRepository {

  /** Stores a new withdrawal in the current unit of work. */
  void insertWithdrawal(Withdrawal withdrawal);

  /** The withdrawal as committed, without locking it. */
  Optional<Withdrawal> findWithdrawal(TransactionId id);

  /**
   * Locks the withdrawals for the rest of the current unit of work, in ascending id order, and
   * returns them as locked; ids of no withdrawal are absent from the result. Callers lock accounts
   * first and withdrawals after, so concurrent settlements serialize without deadlock.
   */
  List<Withdrawal> lockWithdrawals(SortedSet<TransactionId> ids);

  /** Stores a locked withdrawal's new state. */
  void updateWithdrawal(Withdrawal withdrawal);

  /**
   * Notes that the bank has been asked to pay the withdrawal out, so the payout job does not ask
   * again. Runs on its own, after the withdrawal's commit; noting twice keeps the first time.
   */
  void markPayoutRequested(TransactionId id, Instant at);

  /**
   * Pending withdrawals whose bank request was never noted as sent (the process stopped between the
   * commit and the call, or the bank could not be reached), created before {@code createdBefore},
   * oldest first.
   */
  List<Withdrawal> findUnrequestedPayouts(Instant createdBefore, int limit);

  /**
   * Pending withdrawals of exactly this amount (and its currency) whose payout the bank was asked
   * for at or after {@code from} and before {@code to}, first asked first, at most {@code limit}:
   * what a bank debit naming no withdrawal may be paying out.
   */
  List<Withdrawal> findPayoutsOfAmount(Money amount, Instant from, Instant to, int limit);

  /**
   * Pending withdrawals, oldest first (by request time, then id), after {@code after} ({@code null}
   * for the oldest), at most {@code limit}.
   */
  List<Withdrawal> pendingOldestFirst(PendingPosition after, int limit);

  /** When the oldest pending withdrawal was requested; empty when none is pending. */
  Optional<Instant> oldestPendingSince();

  /**
   * The withdrawals still pending that were requested before {@code before}: how many, and the
   * {@code limit} oldest.
   */
  Overdue<Withdrawal> pendingSince(Instant before, int limit);
}
