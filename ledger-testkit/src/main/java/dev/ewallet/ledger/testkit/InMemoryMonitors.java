package dev.ewallet.ledger.testkit;

import dev.ewallet.ledger.domain.account.Account;
import dev.ewallet.ledger.domain.account.AccountId;
import dev.ewallet.ledger.domain.monitor.AmountsBesideBalance;
import dev.ewallet.ledger.domain.monitor.BalanceMonitor;
import dev.ewallet.ledger.domain.monitor.MonitorCondition;
import dev.ewallet.ledger.domain.port.out.BalanceMonitorRepository;
import java.time.Instant;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** Balance monitors in memory, in the store's unit of work like the database's. */
public final class InMemoryMonitors implements BalanceMonitorRepository {

  private final InMemoryStore store;
  private final InMemoryBankFlows bankFlows;

  public InMemoryMonitors(InMemoryStore store, InMemoryBankFlows bankFlows) {
    this.store = store;
    this.bankFlows = bankFlows;
  }

  @Override
  public BalanceMonitor insert(
      AccountId accountId,
      MonitorCondition condition,
      boolean conditionMet,
      long createdBy,
      Instant createdAt) {
    store.requireTransaction();
    BalanceMonitor monitor =
        new BalanceMonitor(
            store.nextMonitorId(), accountId, condition, conditionMet, createdBy, createdAt);
    store.state().monitors().put(monitor.id(), monitor);
    return monitor;
  }

  @Override
  public List<BalanceMonitor> ofAccounts(Collection<AccountId> accountIds) {
    store.requireTransaction();
    Set<AccountId> wanted = new HashSet<>(accountIds);
    return store.state().monitors().values().stream()
        .filter(m -> wanted.contains(m.accountId()))
        .toList();
  }

  @Override
  public Map<AccountId, AmountsBesideBalance> amountsBesideBalance(
      Collection<AccountId> accountIds) {
    store.requireTransaction();
    Map<AccountId, AmountsBesideBalance> amounts = new HashMap<>();
    for (AccountId id : accountIds) {
      Account account = store.state().accounts().get(id.value());
      if (account != null) {
        amounts.put(id, bankFlows.amountsBesideBalance(account));
      }
    }
    return amounts;
  }

  @Override
  public void storeStates(List<BalanceMonitor> monitors) {
    store.requireTransaction();
    monitors.forEach(m -> store.state().monitors().computeIfPresent(m.id(), (id, stored) -> m));
  }

  @Override
  public boolean delete(AccountId accountId, long monitorId) {
    store.requireTransaction();
    BalanceMonitor stored = store.state().monitors().get(monitorId);
    if (stored == null || !stored.accountId().equals(accountId)) {
      return false;
    }
    store.state().monitors().remove(monitorId);
    return true;
  }
}
