package dev.ewallet.ledger.testkit;

import dev.ewallet.ledger.domain.account.Account;
import dev.ewallet.ledger.domain.bank.Overdue;
import dev.ewallet.ledger.domain.bankflow.AnnouncedDeposit;
import dev.ewallet.ledger.domain.bankflow.Hold;
import dev.ewallet.ledger.domain.bankflow.HoldStatus;
import dev.ewallet.ledger.domain.bankflow.PendingDeposit;
import dev.ewallet.ledger.domain.bankflow.PendingDepositStatus;
import dev.ewallet.ledger.domain.bankflow.PendingPosition;
import dev.ewallet.ledger.domain.bankflow.Withdrawal;
import dev.ewallet.ledger.domain.bankflow.WithdrawalStatus;
import dev.ewallet.ledger.domain.error.DuplicateReferenceException;
import dev.ewallet.ledger.domain.error.IdempotencyKeyReusedException;
import dev.ewallet.ledger.domain.error.PendingDepositNotFoundException;
import dev.ewallet.ledger.domain.journal.IdempotencyKey;
import dev.ewallet.ledger.domain.journal.RequestFingerprint;
import dev.ewallet.ledger.domain.journal.TransactionId;
import dev.ewallet.ledger.domain.money.CurrencyCode;
import dev.ewallet.ledger.domain.money.Money;
import dev.ewallet.ledger.domain.monitor.AmountsBesideBalance;
import dev.ewallet.ledger.domain.port.out.HoldRepository;
import dev.ewallet.ledger.domain.port.out.PendingDepositRepository;
import dev.ewallet.ledger.domain.port.out.WithdrawalRepository;
import java.time.Instant;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.SortedSet;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Stream;

/** Withdrawals, holds and pending deposits in memory. */
public final class InMemoryBankFlows
    implements WithdrawalRepository, HoldRepository, PendingDepositRepository {

  private final InMemoryStore store;
  // Noted outside any unit of work, as the real adapter does, so a rollback never forgets one.
  private final Map<TransactionId, Instant> payoutsRequested = new ConcurrentHashMap<>();

  public InMemoryBankFlows(InMemoryStore store) {
    this.store = store;
  }

  @Override
  public void insertWithdrawal(Withdrawal withdrawal) {
    store.requireTransaction();
    store.state().withdrawals().put(withdrawal.id(), withdrawal);
  }

  @Override
  public List<Withdrawal> lockWithdrawals(SortedSet<TransactionId> ids) {
    store.requireTransaction();
    return ids.stream().map(store.state().withdrawals()::get).filter(Objects::nonNull).toList();
  }

  @Override
  public void updateWithdrawal(Withdrawal withdrawal) {
    insertWithdrawal(withdrawal);
  }

  @Override
  public Optional<Withdrawal> findWithdrawal(TransactionId id) {
    return store.locked(() -> Optional.ofNullable(store.state().withdrawals().get(id)));
  }

  @Override
  public void markPayoutRequested(TransactionId id, Instant at) {
    payoutsRequested.putIfAbsent(id, at);
  }

  @Override
  public List<Withdrawal> findUnrequestedPayouts(Instant createdBefore, int limit) {
    return store.locked(() ->
        pendingWithdrawals()
            .filter(w -> !payoutsRequested.containsKey(w.id()))
            .filter(w -> w.createdAt().isBefore(createdBefore))
            .sorted(Comparator.comparing(Withdrawal::createdAt))
            .limit(limit)
            .toList());
  }

  @Override
  public List<Withdrawal> findPayoutsOfAmount(Money amount, Instant from, Instant to, int limit) {
    return store.locked(() ->
        pendingWithdrawals()
            .filter(w -> w.amount().equals(amount) && payoutsRequested.containsKey(w.id()))
            .filter(w -> {
              Instant asked = payoutsRequested.get(w.id());
              return !asked.isBefore(from) && asked.isBefore(to);
            })
            .sorted(Comparator.comparing(w -> payoutsRequested.get(w.id())))
            .limit(limit)
            .toList());
  }

  @Override
  public Optional<Instant> oldestPendingSince() {
    return store.locked(
        () -> pendingWithdrawals().map(Withdrawal::createdAt).min(Comparator.naturalOrder()));
  }

  @Override
  public List<Withdrawal> pendingOldestFirst(PendingPosition after, int limit) {
    return store.locked(() ->
        pendingWithdrawals()
            .filter(w -> after == null || PendingPosition.of(w).compareTo(after) > 0)
            .sorted(Comparator.comparing(PendingPosition::of))
            .limit(limit)
            .toList());
  }

  @Override
  public Overdue<Withdrawal> pendingSince(Instant before, int limit) {
    return store.locked(() -> {
      List<Withdrawal> overdue =
          pendingWithdrawals()
              .filter(w -> w.createdAt().isBefore(before))
              .sorted(Comparator.comparing(Withdrawal::createdAt))
              .toList();
      return new Overdue<>(overdue.size(), overdue.stream().limit(limit).toList());
    });
  }

  @Override
  public void insertHold(Hold hold) {
    store.requireTransaction();
    store.state().holds().put(hold.id(), hold);
  }

  @Override
  public List<Hold> lockHolds(SortedSet<TransactionId> ids) {
    store.requireTransaction();
    return ids.stream().map(store.state().holds()::get).filter(Objects::nonNull).toList();
  }

  @Override
  public void updateHold(Hold hold) {
    insertHold(hold);
  }

  @Override
  public Optional<Hold> findHold(TransactionId id) {
    return store.locked(() -> Optional.ofNullable(store.state().holds().get(id)));
  }

  @Override
  public List<Hold> pendingExpiringBefore(Instant before, PendingPosition after, int limit) {
    return store.locked(() ->
        pendingHolds()
            .filter(h -> h.expiresAt().isBefore(before))
            .filter(h -> after == null || PendingPosition.of(h).compareTo(after) > 0)
            .sorted(Comparator.comparing(PendingPosition::of))
            .limit(limit)
            .toList());
  }

  @Override
  public List<TransactionId> findExpiredPending(Instant now, int limit) {
    return store.locked(() ->
        pendingHolds()
            .filter(h -> h.isExpiredAt(now))
            .sorted(Comparator.comparing(Hold::expiresAt))
            .limit(limit)
            .map(Hold::id)
            .toList());
  }

  @Override
  public AnnouncedDeposit announce(
      PendingDeposit deposit,
      long principalId,
      IdempotencyKey key,
      RequestFingerprint fingerprint) {
    return store.inTransaction(() -> {
      Optional<InMemoryStore.PendingRow> earlier =
          pendingRows()
              .filter(row -> row.principalId() == principalId && row.key().equals(key))
              .findFirst();
      if (earlier.isPresent()) {
        if (!earlier.get().fingerprint().equals(fingerprint)) {
          throw new IdempotencyKeyReusedException(key.value());
        }
        return new AnnouncedDeposit(earlier.get().deposit(), true);
      }
      String reference = deposit.details().reference();
      if (reference != null
          && pending(deposit.amount().currency(), reference).findAny().isPresent()) {
        throw DuplicateReferenceException.pending(deposit.amount().currency().value(), reference);
      }
      store
          .state()
          .pendingDeposits()
          .put(
              deposit.id(),
              new InMemoryStore.PendingRow(deposit, principalId, key, fingerprint, null));
      return new AnnouncedDeposit(deposit, false);
    });
  }

  @Override
  public Optional<PendingDeposit> announcedUnder(long principalId, IdempotencyKey key) {
    return store.locked(() ->
        pendingRows()
            .filter(row -> row.principalId() == principalId && row.key().equals(key))
            .map(InMemoryStore.PendingRow::deposit)
            .findFirst());
  }

  @Override
  public Optional<PendingDeposit> findPendingDeposit(TransactionId id) {
    return store.locked(() ->
        Optional.ofNullable(store.state().pendingDeposits().get(id))
            .map(InMemoryStore.PendingRow::deposit));
  }

  @Override
  public Optional<PendingDeposit> findByReference(CurrencyCode currency, String reference) {
    return store.locked(() -> {
      Optional<PendingDeposit> waiting = pending(currency, reference).findFirst();
      if (waiting.isPresent()) {
        return waiting;
      }
      return withReference(currency, reference)
          .filter(d -> d.status() == PendingDepositStatus.SETTLED)
          .max(Comparator.comparing(PendingDeposit::updatedAt));
    });
  }

  @Override
  public List<PendingDeposit> findPendingOfAmount(
      Money amount, Instant from, Instant to, int limit) {
    return store.locked(() ->
        pendingDeposits()
            .filter(d -> d.amount().equals(amount))
            .filter(d -> !d.createdAt().isBefore(from) && d.createdAt().isBefore(to))
            .sorted(Comparator.comparing(PendingDeposit::createdAt))
            .limit(limit)
            .toList());
  }

  @Override
  public List<PendingDeposit> lockPendingDeposits(SortedSet<TransactionId> ids) {
    store.requireTransaction();
    return ids.stream()
        .map(store.state().pendingDeposits()::get)
        .filter(Objects::nonNull)
        .map(InMemoryStore.PendingRow::deposit)
        .toList();
  }

  @Override
  public void updatePendingDeposit(PendingDeposit deposit) {
    store.requireTransaction();
    store
        .state()
        .pendingDeposits()
        .computeIfPresent(deposit.id(), (id, row) -> row.with(deposit, row.failureKey()));
  }

  @Override
  public PendingDeposit fail(
      TransactionId id, String reason, long principalId, IdempotencyKey key, Instant at) {
    store.requireTransaction();
    InMemoryStore.PendingRow row = store.state().pendingDeposits().get(id);
    if (row == null) {
      throw new PendingDepositNotFoundException(id.toString());
    }
    String failureKey = InMemoryStore.PendingRow.failureKey(principalId, key);
    if (row.deposit().status() == PendingDepositStatus.FAILED
        && failureKey.equals(row.failureKey())) {
      return row.deposit();
    }
    PendingDeposit failed = row.deposit().fail(reason, at);
    store.state().pendingDeposits().put(id, row.with(failed, failureKey));
    return failed;
  }

  private Stream<InMemoryStore.PendingRow> pendingRows() {
    return store.state().pendingDeposits().values().stream();
  }

  private Stream<PendingDeposit> withReference(CurrencyCode currency, String reference) {
    return pendingRows()
        .map(InMemoryStore.PendingRow::deposit)
        .filter(d -> d.amount().currency().equals(currency))
        .filter(d -> reference.equals(d.details().reference()));
  }

  private Stream<PendingDeposit> pending(CurrencyCode currency, String reference) {
    return withReference(currency, reference)
        .filter(d -> d.status() == PendingDepositStatus.PENDING);
  }

  /**
   * The account's pending holds and withdrawals, and its pending deposits; callers hold the lock.
   */
  AmountsBesideBalance amountsBesideBalance(Account account) {
    Money held =
        Stream.concat(
                pendingWithdrawals()
                    .filter(w -> w.accountId().equals(account.id()))
                    .map(Withdrawal::amount),
                pendingHolds().filter(h -> h.accountId().equals(account.id())).map(Hold::amount))
            .reduce(Money.zero(account.currency()), Money::plus);
    Money pendingIn =
        pendingDeposits()
            .filter(d -> d.accountId().equals(account.id()))
            .map(PendingDeposit::amount)
            .reduce(Money.zero(account.currency()), Money::plus);
    return new AmountsBesideBalance(held, pendingIn);
  }

  /** Pending deposits still pending; callers hold the store's lock. */
  Stream<PendingDeposit> pendingDeposits() {
    return pendingRows()
        .map(InMemoryStore.PendingRow::deposit)
        .filter(d -> d.status() == PendingDepositStatus.PENDING);
  }

  /** Pending withdrawals; callers hold the store's lock. */
  Stream<Withdrawal> pendingWithdrawals() {
    return store.state().withdrawals().values().stream()
        .filter(w -> w.status() == WithdrawalStatus.PENDING);
  }

  /** Pending holds; callers hold the store's lock. */
  Stream<Hold> pendingHolds() {
    return store.state().holds().values().stream().filter(h -> h.status() == HoldStatus.PENDING);
  }
}
