package dev.ewallet.ledger.domain.movement;

import dev.ewallet.ledger.domain.account.AccountId;
import dev.ewallet.ledger.domain.journal.TransactionId;
import dev.ewallet.ledger.domain.journal.TransactionType;
import java.time.Instant;
import java.util.Set;
import java.util.SortedSet;

/**
 * What moves money: one journal transaction's rules, as a value. A movement names every row it
 * needs locked; once the posting path has locked them (accounts in ascending id order, then the
 * hold, withdrawal or pending deposit it settles), {@link #plan} checks every rule that depends on
 * their state and produces the postings. The same movement is posted inline or by group commit, and
 * an embedding program can plan one against its own rows.
 *
 * <p>Where a check runs: before a movement is built (in its compact constructor, or by the service
 * that loads what it names), only what can never change: the request's own shape and an account's
 * currency, kind or merchant, which name the system account or shard to lock (a service refuses a
 * non-wallet before naming its currency's system account, which would open one: {@code
 * AccountRepository.systemAccountServing}). Everything that depends on an account's state (who may
 * pay, the wallet kind as locked, currencies, amount limits, the fee, freezes, balances, a hold's
 * or withdrawal's state, earlier undos) runs in {@link #plan}, on the locked rows. Outgoing limits
 * apply to every plan, by {@link PostingPlan#allowancesAfter}.
 */
public sealed interface Movement
    permits Transfer,
        Deposit,
        WithdrawalRequest,
        WithdrawalCompletion,
        WithdrawalFailure,
        PendingDepositSettlement,
        HoldPlacement,
        HoldCapture,
        HoldRelease,
        Reversal,
        Refund,
        MultiLeg,
        Sweep,
        SuspenseRelease {

  /** The type of the transaction it posts. */
  TransactionType type();

  /** Every account {@link #plan} may read or post to, in the one global lock order. */
  SortedSet<AccountId> accountsToLock();

  /**
   * The system accounts among {@link #accountsToLock} this movement may post to on any of their
   * shards: those it only brings money to, or takes money from on the ledger's side of a deposit,
   * with nothing of its own waiting on a particular row (a settlement or an undo names the row its
   * money is on instead, and lists none). The posting path may lock one of their shards in their
   * place; {@link LockedRows#account} then gives that shard, and the movement posts to the id of
   * the account it was given. ADR 0022.
   */
  default Set<AccountId> onAnyShard() {
    return Set.of();
  }

  /**
   * The hold, withdrawal or pending deposit row it moves on, locked after the accounts; {@code
   * null} for none.
   */
  default SettledRow settles() {
    return null;
  }

  /** The transaction it reverses or refunds; {@code null} for none. */
  default TransactionId undoes() {
    return null;
  }

  /** The operator's reason, stored with the transaction; {@code null} for none. */
  default String reason() {
    return null;
  }

  /**
   * The transaction this movement posts as {@code id} at {@code at}, from the rows as locked.
   *
   * @throws dev.ewallet.ledger.domain.error.LedgerException when a rule refuses it; nothing is
   *     posted and its idempotency key stays free
   */
  PostingPlan plan(LockedRows locked, PostingRules rules, TransactionId id, Instant at);
}
