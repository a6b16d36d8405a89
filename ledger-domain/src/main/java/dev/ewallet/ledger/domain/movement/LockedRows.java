package dev.ewallet.ledger.domain.movement;

import dev.ewallet.ledger.domain.account.Account;
import dev.ewallet.ledger.domain.account.AccountId;
import dev.ewallet.ledger.domain.bankflow.Hold;
import dev.ewallet.ledger.domain.bankflow.PendingDeposit;
import dev.ewallet.ledger.domain.bankflow.Withdrawal;
import dev.ewallet.ledger.domain.journal.TransactionId;
import java.util.Map;

/**
 * The rows a posting batch locked for a {@link Movement}, as the movements before it in the batch
 * left them: every balance, hold, withdrawal, pending deposit and undo state a movement reads to
 * plan its postings. Implemented by the posting path; a test implements it over plain maps.
 */
public interface LockedRows {

  /**
   * The locked account; for a system account the movement may post to on any shard ({@link
   * Movement#onAnyShard}), the shard the posting path locked in its place (or the account itself),
   * to whose id the movement posts.
   *
   * @throws IllegalStateException when the movement did not name it among its accounts to lock
   */
  Account account(AccountId id);

  /** Every account the batch locked, by id; read-only. */
  Map<AccountId, Account> accounts();

  /**
   * The locked hold the movement settles.
   *
   * @throws dev.ewallet.ledger.domain.error.HoldNotFoundException when there is none
   */
  Hold hold(TransactionId id);

  /**
   * The locked withdrawal the movement settles.
   *
   * @throws dev.ewallet.ledger.domain.error.WithdrawalNotFoundException when there is none
   */
  Withdrawal withdrawal(TransactionId id);

  /**
   * The locked pending deposit the movement settles.
   *
   * @throws dev.ewallet.ledger.domain.error.PendingDepositNotFoundException when there is none
   */
  PendingDeposit pendingDeposit(TransactionId id);

  /**
   * What has undone {@code original} so far, read with its accounts locked and updated by the
   * batch's own reversals and refunds of it.
   *
   * @throws IllegalStateException when the movement did not name it as its original
   */
  Undone undone(TransactionId original);
}
