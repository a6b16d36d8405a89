package dev.ewallet.ledger.application;

import dev.ewallet.ledger.domain.account.Account;
import dev.ewallet.ledger.domain.account.AccountId;
import dev.ewallet.ledger.domain.account.EntryHash;
import dev.ewallet.ledger.domain.bankflow.Hold;
import dev.ewallet.ledger.domain.bankflow.Withdrawal;
import dev.ewallet.ledger.domain.error.HoldNotFoundException;
import dev.ewallet.ledger.domain.error.WithdrawalNotFoundException;
import dev.ewallet.ledger.domain.journal.TransactionId;
import dev.ewallet.ledger.domain.limits.OutgoingAllowance;
import java.time.Instant;
import java.util.Collections;
import java.util.HashMap;
import java.util.Map;

/**
 * The rows a batch locked, as the batch has changed them so far: each posting plan sees the
 * balances and bank-flow states the plans before it in the batch left.
 */
final class LockedRows {

  private final Map<AccountId, Account> accounts = new HashMap<>();
  private final Map<AccountId, EntryHash> chainEndsWhenLocked = new HashMap<>();
  private final Map<TransactionId, Hold> holds = new HashMap<>();
  private final Map<TransactionId, Withdrawal> withdrawals = new HashMap<>();
  private final Map<AccountId, OutgoingAllowance> allowances = new HashMap<>();
  private final Map<AccountId, OutgoingAllowance> allowancesChanged = new HashMap<>();

  /** The locked accounts, by id; read-only. */
  Map<AccountId, Account> accounts() {
    return Collections.unmodifiableMap(accounts);
  }

  Account account(AccountId id) {
    return accounts.get(id);
  }

  /**
   * The batch's posting time: the clock's {@code now}, or the newest entry time of a locked account
   * when that is later, so that no account's entries go out of time order.
   */
  Instant postingTime(Instant now) {
    Instant time = now;
    for (Account account : accounts.values()) {
      time = account.earliestPostingTime(time);
    }
    return time;
  }

  /** The locked hold a plan settles. */
  Hold hold(TransactionId id) {
    Hold hold = holds.get(id);
    if (hold == null) {
      throw new HoldNotFoundException(id.toString());
    }
    return hold;
  }

  /** The locked withdrawal a plan settles. */
  Withdrawal withdrawal(TransactionId id) {
    Withdrawal withdrawal = withdrawals.get(id);
    if (withdrawal == null) {
      throw new WithdrawalNotFoundException(id.toString());
    }
    return withdrawal;
  }

  void put(Account account) {
    accounts.put(account.id(), account);
    chainEndsWhenLocked.putIfAbsent(account.id(), account.lastHash());
  }

  /** Where the account's hash chain ended when it was locked, before the batch changed it. */
  EntryHash chainEndWhenLocked(AccountId id) {
    return chainEndsWhenLocked.get(id);
  }

  /** A wallet's outgoing allowance as the batch has left it; {@code null} for other accounts. */
  OutgoingAllowance allowance(AccountId id) {
    return allowances.get(id);
  }

  /** The wallet's allowance when the batch began, read with its lock. */
  void loaded(AccountId id, OutgoingAllowance allowance) {
    allowances.put(id, allowance);
  }

  /** The wallet's allowance after a plan of the batch spent or gave back from it. */
  void put(AccountId id, OutgoingAllowance allowance) {
    allowances.put(id, allowance);
    allowancesChanged.put(id, allowance);
  }

  /** The allowances the batch changed, to store with its writes. */
  Map<AccountId, OutgoingAllowance> allowancesChanged() {
    return Collections.unmodifiableMap(allowancesChanged);
  }

  void put(Hold hold) {
    holds.put(hold.id(), hold);
  }

  void put(Withdrawal withdrawal) {
    withdrawals.put(withdrawal.id(), withdrawal);
  }
}
