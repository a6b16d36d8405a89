package dev.ewallet.ledger.application.monitors;

import dev.ewallet.ledger.domain.account.AccountId;
import dev.ewallet.ledger.domain.journal.TransactionId;
import dev.ewallet.ledger.domain.money.Money;
import dev.ewallet.ledger.domain.monitor.AmountChange;
import dev.ewallet.ledger.domain.monitor.AmountsBesideBalance;
import dev.ewallet.ledger.domain.monitor.BalanceMonitor;
import dev.ewallet.ledger.domain.monitor.MonitorField;
import dev.ewallet.ledger.domain.monitor.MonitorWatch;
import dev.ewallet.ledger.domain.port.out.AccountRepository;
import dev.ewallet.ledger.domain.port.out.BalanceMonitorRepository;
import dev.ewallet.ledger.domain.port.out.LedgerEventOutbox;
import dev.ewallet.ledger.domain.port.out.PostingTracing;
import java.time.Clock;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.function.Supplier;

/**
 * The {@code pendingIn} monitors of the pending-deposit changes that post nothing: announcing and
 * failing one. Each runs with its wallet locked, as a posting would, so the wallet's monitors see
 * every change of {@code pendingIn} in the order they commit, the settlement's (a posting)
 * included, and the event is written in the change's own unit of work.
 */
public final class PendingInMonitors {

  private final AccountRepository accounts;
  private final BalanceMonitorRepository monitors;
  private final LedgerEventOutbox outbox;
  private final PostingTracing tracing;
  private final Clock clock;

  public PendingInMonitors(
      AccountRepository accounts,
      BalanceMonitorRepository monitors,
      LedgerEventOutbox outbox,
      PostingTracing tracing,
      Clock clock) {
    this.accounts = accounts;
    this.monitors = monitors;
    this.outbox = outbox;
    this.tracing = tracing;
    this.clock = clock;
  }

  /**
   * Runs {@code change}, which announces or fails pending deposit {@code pendingDeposit} of {@code
   * wallet}, with the wallet locked in the current unit of work, and fires the wallet's {@code
   * pendingIn} monitors it makes true. A change that changed nothing (a replay) fires nothing.
   */
  public <T> T change(AccountId wallet, TransactionId pendingDeposit, Supplier<T> change) {
    accounts.lockForUpdate(new TreeSet<>(List.of(wallet)));
    List<BalanceMonitor> watching =
        monitors.ofAccounts(List.of(wallet)).stream()
            .filter(m -> m.condition().field() == MonitorField.PENDING_IN)
            .toList();
    if (watching.isEmpty()) {
      return change.get();
    }
    AmountsBesideBalance before = amounts(wallet);
    T changed = change.get();
    Money after = amounts(wallet).pendingIn();
    MonitorWatch watch = new MonitorWatch(watching, Map.of(wallet, before));
    watch.observeWithoutPosting(
        pendingDeposit,
        new AmountChange(wallet, MonitorField.PENDING_IN, after.plus(before.pendingIn().negate())),
        clock.instant().truncatedTo(ChronoUnit.MICROS),
        tracing.current());
    if (!watch.changed().isEmpty()) {
      monitors.storeStates(watch.changed());
    }
    if (!watch.fired().isEmpty()) {
      outbox.appendMonitorEvents(watch.fired());
    }
    return changed;
  }

  private AmountsBesideBalance amounts(AccountId wallet) {
    return monitors.amountsBesideBalance(List.of(wallet)).get(wallet);
  }
}
