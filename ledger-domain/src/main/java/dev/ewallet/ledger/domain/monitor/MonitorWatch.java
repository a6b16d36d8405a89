package dev.ewallet.ledger.domain.monitor;

import dev.ewallet.ledger.domain.account.AccountId;
import dev.ewallet.ledger.domain.journal.BalanceChange;
import dev.ewallet.ledger.domain.journal.TransactionId;
import dev.ewallet.ledger.domain.money.Money;
import dev.ewallet.ledger.domain.outbox.TraceContext;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;

/**
 * The monitors of the accounts one unit of work changes, followed through its changes in order:
 * each posting is compared with the state the postings before it left, on the amounts it leaves
 * each account it touches. A balance is followed through the posting's entries (its last entry on
 * the account, so a posting with two legs on one account is one observation); {@code heldAmount}
 * and {@code pendingIn} start from the amounts read with the accounts locked and follow the rows
 * each posting places or moves. A monitor fires at most once per posting and only on a rising edge,
 * so an event is never missed between postings nor repeated while the condition holds. Not
 * thread-safe: one per unit of work.
 */
public final class MonitorWatch {

  private final Map<AccountId, List<BalanceMonitor>> monitors = new LinkedHashMap<>();
  private final Map<AccountId, Map<MonitorField, Money>> besideBalance = new HashMap<>();
  private final Map<Long, BalanceMonitor> changed = new LinkedHashMap<>();
  private final List<MonitorTriggered> fired = new ArrayList<>();

  /**
   * Watches the monitors, as stored when their accounts were locked.
   *
   * @param amounts the amounts beside the balance of at least the accounts {@link
   *     #watchingBesideBalance} names, read under the same locks
   * @throws IllegalArgumentException when an account watching its {@code heldAmount} or {@code
   *     pendingIn} has no amounts
   */
  public MonitorWatch(
      Collection<BalanceMonitor> stored, Map<AccountId, AmountsBesideBalance> amounts) {
    for (BalanceMonitor monitor : stored) {
      monitors.computeIfAbsent(monitor.accountId(), id -> new ArrayList<>()).add(monitor);
      MonitorField field = monitor.condition().field();
      if (field != MonitorField.BALANCE) {
        AmountsBesideBalance read = amounts.get(monitor.accountId());
        if (read == null) {
          throw new IllegalArgumentException(
              "monitor " + monitor.id() + " watches " + field.wireName() + ", which was not read");
        }
        besideBalance
            .computeIfAbsent(monitor.accountId(), id -> new EnumMap<>(MonitorField.class))
            .put(field, read.of(field));
      }
    }
  }

  /**
   * The accounts with a monitor on {@code heldAmount} or {@code pendingIn}, whose amounts to read.
   */
  public static Set<AccountId> watchingBesideBalance(Collection<BalanceMonitor> stored) {
    Set<AccountId> accounts = new LinkedHashSet<>();
    for (BalanceMonitor monitor : stored) {
      if (monitor.condition().field() != MonitorField.BALANCE) {
        accounts.add(monitor.accountId());
      }
    }
    return accounts;
  }

  /** Whether no account of the unit of work has a monitor: nothing to observe. */
  public boolean isEmpty() {
    return monitors.isEmpty();
  }

  /**
   * Observes one posting: its entries' changes, in entry order, and how the rows it places or moves
   * change its accounts' amounts beside their balances.
   */
  public void observe(
      TransactionId transaction,
      List<BalanceChange> changes,
      List<AmountChange> rows,
      Instant at,
      TraceContext trace) {
    if (monitors.isEmpty()) {
      return;
    }
    Map<Watched, Money[]> spans = new LinkedHashMap<>();
    for (BalanceChange change : changes) {
      if (monitors.containsKey(change.accountId())) {
        Money before = change.balanceAfter().plus(change.amount().negate());
        span(spans, new Watched(change.accountId(), MonitorField.BALANCE), before)[1] =
            change.balanceAfter();
      }
    }
    rows.forEach(row -> follow(row, spans));
    fire(spans, transaction, null, at, trace);
  }

  /**
   * Observes a change of {@code pendingIn} that posts nothing: pending deposit {@code
   * pendingDeposit} announced or failed.
   */
  public void observeWithoutPosting(
      TransactionId pendingDeposit, AmountChange change, Instant at, TraceContext trace) {
    Map<Watched, Money[]> spans = new LinkedHashMap<>();
    follow(change, spans);
    fire(spans, null, pendingDeposit, at, trace);
  }

  /** The events of the monitors that fired, in the order of the changes. */
  public List<MonitorTriggered> fired() {
    return List.copyOf(fired);
  }

  /** The monitors whose state changed, as the last change left them, to be stored. */
  public List<BalanceMonitor> changed() {
    return List.copyOf(changed.values());
  }

  private record Watched(AccountId accountId, MonitorField field) {}

  private static Money[] span(Map<Watched, Money[]> spans, Watched watched, Money before) {
    return spans.computeIfAbsent(watched, w -> new Money[] {before, before});
  }

  /** Moves a watched amount beside the balance; amounts nobody watches are not followed. */
  private void follow(AmountChange change, Map<Watched, Money[]> spans) {
    Map<MonitorField, Money> amounts = besideBalance.get(change.accountId());
    if (amounts == null || !amounts.containsKey(change.field())) {
      return;
    }
    Money before = amounts.get(change.field());
    Money after = before.plus(change.change());
    amounts.put(change.field(), after);
    span(spans, new Watched(change.accountId(), change.field()), before)[1] = after;
  }

  private void fire(
      Map<Watched, Money[]> spans,
      TransactionId transaction,
      TransactionId pendingDeposit,
      Instant at,
      TraceContext trace) {
    spans.forEach((watched, span) -> {
      List<BalanceMonitor> watching = monitors.get(watched.accountId());
      for (int i = 0; i < watching.size(); i++) {
        BalanceMonitor was = watching.get(i);
        if (was.condition().field() != watched.field()) {
          continue;
        }
        BalanceMonitor now = was.observe(span[1].amountMinor());
        if (now != was) {
          watching.set(i, now);
          changed.put(now.id(), now);
          if (was.firesOn(now)) {
            fired.add(
                new MonitorTriggered(
                    UUID.randomUUID(),
                    now,
                    transaction,
                    pendingDeposit,
                    span[0],
                    span[1],
                    at,
                    trace));
          }
        }
      }
    });
  }
}
