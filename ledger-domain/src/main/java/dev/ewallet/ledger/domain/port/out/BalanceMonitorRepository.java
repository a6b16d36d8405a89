package dev.ewallet.ledger.domain.port.out;

import dev.ewallet.ledger.domain.account.AccountId;
import dev.ewallet.ledger.domain.monitor.AmountsBesideBalance;
import dev.ewallet.ledger.domain.monitor.BalanceMonitor;
import dev.ewallet.ledger.domain.monitor.MonitorCondition;
import java.time.Instant;
import java.util.Collection;
import java.util.List;
import java.util.Map;

/**
 * Where balance monitors live. Every method that reads or writes a monitor's state runs inside a
 * unit of work with the monitor's account locked, so that a monitor's edge changes only with its
 * account's postings. No argument may be {@code null}.
 */
public interface BalanceMonitorRepository {

  /** Stores a new monitor and returns it with its id. */
  BalanceMonitor insert(
      AccountId accountId,
      MonitorCondition condition,
      boolean conditionMet,
      long createdBy,
      Instant createdAt);

  /** The monitors of these accounts; accounts with none are simply absent. */
  List<BalanceMonitor> ofAccounts(Collection<AccountId> accountIds);

  /**
   * What these accounts have in pending holds and withdrawals, and what pending deposits announce
   * for them, as committed; accounts that do not exist are absent.
   */
  Map<AccountId, AmountsBesideBalance> amountsBesideBalance(Collection<AccountId> accountIds);

  /** Stores the monitors' {@code conditionMet}, in one statement. */
  void storeStates(List<BalanceMonitor> monitors);

  /**
   * Removes the account's monitor.
   *
   * @return whether the account had it
   */
  boolean delete(AccountId accountId, long monitorId);
}
