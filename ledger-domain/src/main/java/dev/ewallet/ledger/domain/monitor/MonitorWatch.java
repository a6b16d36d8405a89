package dev.ewallet.ledger.domain.monitor;

import dev.ewallet.ledger.domain.account.AccountId;
import dev.ewallet.ledger.domain.journal.BalanceChange;
import dev.ewallet.ledger.domain.journal.TransactionId;
import dev.ewallet.ledger.domain.money.Money;
import dev.ewallet.ledger.domain.outbox.TraceContext;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/**
 * The monitors of the accounts one unit of work posts to, followed through its postings in order:
 * each posting is compared with the state the postings before it left, on the balance it leaves
 * each account it touches (its last entry there, so a posting with two legs on one account is one
 * observation). A monitor fires at most once per posting and only on a rising edge, so an event is
 * never missed between postings nor repeated while the condition holds. Not thread-safe: one per
 * unit of work.
 */
public final class MonitorWatch {

  private final Map<AccountId, List<BalanceMonitor>> monitors = new LinkedHashMap<>();
  private final Map<Long, BalanceMonitor> changed = new LinkedHashMap<>();
  private final List<MonitorTriggered> fired = new ArrayList<>();

  /** Watches the monitors, as stored when their accounts were locked. */
  public MonitorWatch(Collection<BalanceMonitor> stored) {
    stored.forEach(m -> monitors.computeIfAbsent(m.accountId(), id -> new ArrayList<>()).add(m));
  }

  /** Whether no account of the unit of work has a monitor: nothing to observe. */
  public boolean isEmpty() {
    return monitors.isEmpty();
  }

  /** Observes one posting's changes, in entry order. */
  public void observe(
      TransactionId transaction, List<BalanceChange> changes, Instant at, TraceContext trace) {
    if (monitors.isEmpty()) {
      return;
    }
    Map<AccountId, Money[]> beforeAndAfter = new LinkedHashMap<>();
    for (BalanceChange change : changes) {
      if (monitors.containsKey(change.accountId())) {
        Money[] span =
            beforeAndAfter.computeIfAbsent(
                change.accountId(),
                id -> new Money[] {change.balanceAfter().plus(change.amount().negate()), null});
        span[1] = change.balanceAfter();
      }
    }
    beforeAndAfter.forEach((account, span) -> {
      List<BalanceMonitor> watching = monitors.get(account);
      for (int i = 0; i < watching.size(); i++) {
        BalanceMonitor was = watching.get(i);
        BalanceMonitor now = was.observe(span[1].amountMinor());
        if (now != was) {
          watching.set(i, now);
          changed.put(now.id(), now);
          if (was.firesOn(now)) {
            fired.add(
                new MonitorTriggered(
                    UUID.randomUUID(), now, transaction, span[0], span[1], at, trace));
          }
        }
      }
    });
  }

  /** The events of the monitors that fired, in posting order. */
  public List<MonitorTriggered> fired() {
    return List.copyOf(fired);
  }

  /** The monitors whose state changed, as the last posting left them, to be stored. */
  public List<BalanceMonitor> changed() {
    return List.copyOf(changed.values());
  }
}
