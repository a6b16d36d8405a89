package dev.ewallet.ledger.testkit;

import dev.ewallet.ledger.domain.bankflow.Hold;
import dev.ewallet.ledger.domain.bankflow.HoldStatus;
import dev.ewallet.ledger.domain.bankflow.Withdrawal;
import dev.ewallet.ledger.domain.bankflow.WithdrawalStatus;
import dev.ewallet.ledger.domain.journal.TransactionId;
import dev.ewallet.ledger.domain.port.out.HoldRepository;
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

/** Withdrawals and holds in memory. */
public final class InMemoryBankFlows implements WithdrawalRepository, HoldRepository {

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
  public Optional<Instant> oldestPendingSince() {
    return store.locked(
        () -> pendingWithdrawals().map(Withdrawal::createdAt).min(Comparator.naturalOrder()));
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
  public List<TransactionId> findExpiredPending(Instant now, int limit) {
    return store.locked(() ->
        pendingHolds()
            .filter(h -> h.isExpiredAt(now))
            .sorted(Comparator.comparing(Hold::expiresAt))
            .limit(limit)
            .map(Hold::id)
            .toList());
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
