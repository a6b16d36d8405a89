package dev.ewallet.ledger.domain.port.out;

import dev.ewallet.ledger.domain.bankflow.Withdrawal;
import dev.ewallet.ledger.domain.journal.TransactionId;
import java.util.Optional;

/** Where withdrawals live. No argument may be {@code null}. */
public interface WithdrawalRepository {

  /** Stores a new withdrawal in the current unit of work. */
  void insertWithdrawal(Withdrawal withdrawal);

  /** The withdrawal as committed, without locking it. */
  Optional<Withdrawal> findWithdrawal(TransactionId id);

  /**
   * Locks the withdrawal for the rest of the current unit of work and returns it as locked. Callers
   * lock accounts first and the withdrawal after, so concurrent settlements serialize without
   * deadlock.
   */
  Optional<Withdrawal> lockWithdrawal(TransactionId id);

  /** Stores a locked withdrawal's new state. */
  void updateWithdrawal(Withdrawal withdrawal);
}
