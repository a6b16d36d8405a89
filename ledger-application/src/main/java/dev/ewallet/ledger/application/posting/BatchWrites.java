package dev.ewallet.ledger.application.posting;

import dev.ewallet.ledger.application.LedgerPorts;
import dev.ewallet.ledger.domain.account.Account;
import dev.ewallet.ledger.domain.account.AccountId;
import dev.ewallet.ledger.domain.journal.BalanceChange;
import dev.ewallet.ledger.domain.journal.LedgerEvent;
import dev.ewallet.ledger.domain.money.Money;
import dev.ewallet.ledger.domain.monitor.MonitorWatch;
import dev.ewallet.ledger.domain.movement.RowChange;
import dev.ewallet.ledger.domain.port.out.AccountRepository;
import dev.ewallet.ledger.domain.port.out.AccountUpdate;
import dev.ewallet.ledger.domain.port.out.BalanceMonitorRepository;
import dev.ewallet.ledger.domain.port.out.HoldRepository;
import dev.ewallet.ledger.domain.port.out.JournalClaim;
import dev.ewallet.ledger.domain.port.out.JournalRepository;
import dev.ewallet.ledger.domain.port.out.LedgerEventOutbox;
import dev.ewallet.ledger.domain.port.out.PendingDepositRepository;
import dev.ewallet.ledger.domain.port.out.TransactionChanges;
import dev.ewallet.ledger.domain.port.out.TransientConflictException;
import dev.ewallet.ledger.domain.port.out.WithdrawalRepository;
import java.time.Instant;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The second half of a batch's unit of work: claims the keys of the requests that passed and writes
 * what their plans decided, each kind of row in one statement. Holds no state of its own.
 */
final class BatchWrites {

  private static final Comparator<JournalClaim> CLAIM_ORDER =
      Comparator.comparingLong(JournalClaim::principalId)
          .thenComparing(claim -> claim.idempotencyKey().value());

  /** A concurrent request claimed a key of the batch between our read and our claim. */
  private static final class ClaimRace extends TransientConflictException {
    ClaimRace() {
      super("an idempotency key of the batch was claimed concurrently", null);
    }
  }

  private final AccountRepository accounts;
  private final JournalRepository journal;
  private final LedgerEventOutbox outbox;
  private final HoldRepository holds;
  private final WithdrawalRepository withdrawals;
  private final PendingDepositRepository pendingDeposits;
  private final BalanceMonitorRepository monitors;

  BatchWrites(LedgerPorts ports) {
    this.accounts = ports.accounts();
    this.journal = ports.journal();
    this.outbox = ports.outbox();
    this.holds = ports.holds();
    this.withdrawals = ports.withdrawals();
    this.pendingDeposits = ports.pendingDeposits();
    this.monitors = ports.monitors();
  }

  /**
   * Claims in one statement, in key order: two batches claiming overlapping keys then wait for each
   * other in the same order, so their unique-index waits cannot deadlock.
   */
  void claim(List<PassedRequest> passed, Instant now) {
    List<JournalClaim> claims =
        passed.stream()
            .map(p -> {
              PostingRequest request = p.request();
              return new JournalClaim(
                  p.transaction().id(),
                  p.transaction().type(),
                  request.caller().principalId(),
                  request.idempotencyKey(),
                  request.fingerprint(),
                  request.movement().undoes(),
                  request.movement().reason(),
                  now,
                  request.details(),
                  request.uniqueReference(),
                  p.plan().feeMinor(),
                  p.detailsDigest());
            })
            .sorted(CLAIM_ORDER)
            .toList();
    if (!claims.isEmpty() && journal.claimAll(claims).size() != claims.size()) {
      throw new ClaimRace();
    }
  }

  /**
   * One balance update per account (the batch's net change), checked against the balances the plans
   * reached: if storage disagrees, something outside this path changed a locked balance, and
   * committing would hide it. Then every entry and every event in one statement each, the bank-flow
   * rows the plans placed or moved on, and the balance monitors the postings moved, with the events
   * of those that fired.
   */
  void write(List<PassedRequest> passed, WorkingRows working, Instant now) {
    if (passed.isEmpty()) {
      return;
    }
    Map<AccountId, Money> net = new LinkedHashMap<>();
    passed.forEach(
        p -> p.changes().forEach(c -> net.merge(c.accountId(), c.amount(), Money::plus)));
    List<AccountUpdate> updates =
        net.entrySet().stream()
            .map(e ->
                new AccountUpdate(
                    e.getKey(),
                    e.getValue(),
                    working.chainEndWhenLocked(e.getKey()),
                    working.account(e.getKey()).lastHash()))
            .toList();
    for (BalanceChange applied : accounts.applyPostings(updates, now)) {
      Account expected = working.account(applied.accountId());
      if (!applied.balanceAfter().equals(expected.balance())
          || !applied.hash().equals(expected.lastHash())) {
        throw new IllegalStateException(
            "storage applied " + applied + ", the batch expected " + expected);
      }
    }
    journal.appendEntries(
        passed.stream()
            .map(p ->
                new TransactionChanges(p.transaction().id(), p.transaction().type(), p.changes()))
            .toList(),
        now);
    outbox.appendAll(
        passed.stream()
            .map(p ->
                LedgerEvent.posted(
                    p.transaction(), p.changes(), p.request().trace(), p.detailsDigest()))
            .toList());
    for (PassedRequest p : passed) {
      p.plan().rowChanges().forEach(this::store);
    }
    if (!working.allowancesChanged().isEmpty()) {
      accounts.recordOutgoing(working.allowancesChanged(), WorkingRows.day(now));
    }
    watch(passed, working.monitors(), now);
  }

  /** Each posting in order against the monitors' edges; nothing to do for unmonitored accounts. */
  private void watch(List<PassedRequest> passed, MonitorWatch watch, Instant now) {
    if (watch.isEmpty()) {
      return;
    }
    for (PassedRequest p : passed) {
      watch.observe(
          p.transaction().id(),
          p.changes(),
          p.plan().rowChanges().stream().flatMap(c -> c.amountChange().stream()).toList(),
          now,
          p.request().trace());
    }
    if (!watch.changed().isEmpty()) {
      monitors.storeStates(watch.changed());
    }
    if (!watch.fired().isEmpty()) {
      outbox.appendMonitorEvents(watch.fired());
    }
  }

  private void store(RowChange change) {
    switch (change) {
      case RowChange.HoldPlaced placed -> holds.insertHold(placed.hold());
      case RowChange.HoldSettled settled -> holds.updateHold(settled.hold());
      case RowChange.WithdrawalRequested requested ->
          withdrawals.insertWithdrawal(requested.withdrawal());
      case RowChange.WithdrawalSettled settled ->
          withdrawals.updateWithdrawal(settled.withdrawal());
      case RowChange.PendingDepositSettled settled ->
          pendingDeposits.updatePendingDeposit(settled.pendingDeposit());
      case RowChange.SuspenseBooked booked -> accounts.keepInSuspense(booked.item());
      case RowChange.SuspenseReleased released ->
          accounts.releaseFromSuspense(released.wallet(), released.items(), released.release());
    }
  }
}
