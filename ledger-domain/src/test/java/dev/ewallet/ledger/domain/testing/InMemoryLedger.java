package dev.ewallet.ledger.domain.testing;

import dev.ewallet.ledger.domain.account.Account;
import dev.ewallet.ledger.domain.account.AccountId;
import dev.ewallet.ledger.domain.account.AccountKind;
import dev.ewallet.ledger.domain.account.UserId;
import dev.ewallet.ledger.domain.audit.AuditEvent;
import dev.ewallet.ledger.domain.audit.AuditFilter;
import dev.ewallet.ledger.domain.audit.AuditRecord;
import dev.ewallet.ledger.domain.bankflow.Hold;
import dev.ewallet.ledger.domain.bankflow.HoldStatus;
import dev.ewallet.ledger.domain.bankflow.Withdrawal;
import dev.ewallet.ledger.domain.bankflow.WithdrawalStatus;
import dev.ewallet.ledger.domain.error.AlreadyReversedException;
import dev.ewallet.ledger.domain.error.TooManyAccountsException;
import dev.ewallet.ledger.domain.journal.BalanceChange;
import dev.ewallet.ledger.domain.journal.IdempotencyKey;
import dev.ewallet.ledger.domain.journal.LedgerEntry;
import dev.ewallet.ledger.domain.journal.LedgerEvent;
import dev.ewallet.ledger.domain.journal.PostedTransaction;
import dev.ewallet.ledger.domain.journal.Posting;
import dev.ewallet.ledger.domain.journal.ReconciliationMismatch;
import dev.ewallet.ledger.domain.journal.ReconciliationMismatch.Kind;
import dev.ewallet.ledger.domain.journal.TransactionId;
import dev.ewallet.ledger.domain.money.CurrencyCode;
import dev.ewallet.ledger.domain.money.Money;
import dev.ewallet.ledger.domain.outbox.OutboxBacklog;
import dev.ewallet.ledger.domain.outbox.OutboxMessage;
import dev.ewallet.ledger.domain.port.out.AccountRepository;
import dev.ewallet.ledger.domain.port.out.AuditTrail;
import dev.ewallet.ledger.domain.port.out.ClaimKey;
import dev.ewallet.ledger.domain.port.out.HeldFunds;
import dev.ewallet.ledger.domain.port.out.HoldRepository;
import dev.ewallet.ledger.domain.port.out.IdempotencyRecord;
import dev.ewallet.ledger.domain.port.out.JournalClaim;
import dev.ewallet.ledger.domain.port.out.JournalRepository;
import dev.ewallet.ledger.domain.port.out.LedgerAudit;
import dev.ewallet.ledger.domain.port.out.LedgerEventOutbox;
import dev.ewallet.ledger.domain.port.out.NewAccount;
import dev.ewallet.ledger.domain.port.out.OutboxStore;
import dev.ewallet.ledger.domain.port.out.TransactionChanges;
import dev.ewallet.ledger.domain.port.out.UnitOfWork;
import dev.ewallet.ledger.domain.port.out.WithdrawalRepository;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Supplier;

/**
 * Every out-port in memory, for application tests. One lock serializes units of work (the strongest
 * isolation, which is what row locks give each posting), and a failed unit of work restores the
 * state it started from, as a database rollback does.
 */
public final class InMemoryLedger
    implements AccountRepository,
        JournalRepository,
        LedgerEventOutbox,
        OutboxStore,
        WithdrawalRepository,
        HoldRepository,
        HeldFunds,
        LedgerAudit,
        AuditTrail,
        UnitOfWork {

  private record Header(JournalClaim claim) {}

  private record StoredEvent(long id, LedgerEvent event, Instant publishedAt) {}

  private record State(
      TreeMap<Long, Account> accounts,
      Map<TransactionId, Header> headers,
      Map<String, TransactionId> keys,
      Map<TransactionId, TransactionId> reversedBy,
      List<LedgerEntry> entries,
      List<StoredEvent> events,
      Map<TransactionId, Withdrawal> withdrawals,
      Map<TransactionId, Hold> holds) {

    State copy() {
      return new State(
          new TreeMap<>(accounts),
          new HashMap<>(headers),
          new HashMap<>(keys),
          new HashMap<>(reversedBy),
          new ArrayList<>(entries),
          new ArrayList<>(events),
          new HashMap<>(withdrawals),
          new HashMap<>(holds));
    }
  }

  private final ReentrantLock lock = new ReentrantLock();
  // The audit trail is written outside units of work, as the real adapter's is.
  private final List<AuditRecord> auditTrail = new java.util.concurrent.CopyOnWriteArrayList<>();
  // Noted outside any unit of work, as the real adapter does, so a rollback never forgets one.
  private final Map<TransactionId, Instant> payoutsRequested = new ConcurrentHashMap<>();
  private State state =
      new State(
          new TreeMap<>(),
          new HashMap<>(),
          new HashMap<>(),
          new HashMap<>(),
          new ArrayList<>(),
          new ArrayList<>(),
          new HashMap<>(),
          new HashMap<>());
  private boolean inTransaction;
  private final Set<String> brokenKeys = new HashSet<>();
  // Like a database sequence, ids are not given back by a rollback.
  private long nextAccountId = 1;

  @Override
  public <T> T inTransaction(Supplier<T> work) {
    lock.lock();
    State before = state.copy();
    boolean outer = !inTransaction;
    inTransaction = true;
    try {
      return work.get();
    } catch (RuntimeException | Error e) {
      state = before;
      throw e;
    } finally {
      if (outer) {
        inTransaction = false;
      }
      lock.unlock();
    }
  }

  private <T> T locked(Supplier<T> read) {
    lock.lock();
    try {
      return read.get();
    } finally {
      lock.unlock();
    }
  }

  private void requireTransaction() {
    if (!inTransaction || !lock.isHeldByCurrentThread()) {
      throw new IllegalStateException("must run inside UnitOfWork.inTransaction");
    }
  }

  /** The events appended so far, oldest first. */
  public List<LedgerEvent> events() {
    return locked(() -> state.events.stream().map(StoredEvent::event).toList());
  }

  @Override
  public Account create(NewAccount account) {
    return locked(() -> {
      long id = nextAccountId++;
      Account created =
          new Account(
              AccountId.of(id),
              account.owner(),
              account.currency(),
              account.kind(),
              Money.zero(account.currency()),
              account.createdAt(),
              account.parent());
      state.accounts.put(id, created);
      return created;
    });
  }

  @Override
  public Account createForOwner(NewAccount account, int maxPerOwner) {
    return locked(() -> {
      if (findByOwner(account.owner()).size() >= maxPerOwner) {
        throw new TooManyAccountsException(maxPerOwner);
      }
      return create(account);
    });
  }

  @Override
  public List<Account> findShards(AccountId merchant) {
    return locked(
        () -> state.accounts.values().stream().filter(a -> merchant.equals(a.parent())).toList());
  }

  @Override
  public List<AccountId> creditTargets(AccountId account) {
    return findShards(account).stream().map(Account::id).toList();
  }

  @Override
  public List<AccountId> shardedMerchants() {
    return locked(() ->
        state.accounts.values().stream()
            .filter(a -> a.parent() != null)
            .map(Account::parent)
            .distinct()
            .toList());
  }

  @Override
  public Optional<Account> findById(AccountId id) {
    return locked(() -> Optional.ofNullable(state.accounts.get(id.value())));
  }

  @Override
  public List<Account> findByOwner(UserId owner) {
    return locked(() ->
        state.accounts.values().stream()
            .filter(a -> a.isOwnedBy(owner) && a.parent() == null)
            .toList());
  }

  @Override
  public AccountId systemAccount(AccountKind kind, CurrencyCode currency) {
    return locked(() ->
        state.accounts.values().stream()
            .filter(a -> a.owner() == null && a.kind() == kind && a.currency().equals(currency))
            .map(Account::id)
            .findFirst()
            .orElseGet(() -> create(new NewAccount(null, currency, kind, Instant.EPOCH)).id()));
  }

  @Override
  public List<Account> lockForUpdate(SortedSet<AccountId> ids) {
    requireTransaction();
    return ids.stream().map(id -> state.accounts.get(id.value())).filter(a -> a != null).toList();
  }

  @Override
  public List<BalanceChange> applyPostings(List<Posting> postings) {
    requireTransaction();
    List<BalanceChange> changes = new ArrayList<>();
    for (Posting posting : postings) {
      Account account = state.accounts.get(posting.accountId().value());
      Money after = account.balance().plus(posting.amount());
      if (after.isNegative() && !account.kind().allowsNegative()) {
        throw new IllegalStateException("CHECK (allow_negative OR balance >= 0) violated");
      }
      state.accounts.put(account.id().value(), account.withBalance(after));
      changes.add(new BalanceChange(posting.accountId(), posting.amount(), after));
    }
    return changes;
  }

  /** Makes every claim of this key fail as a broken database would, to test failure handling. */
  public void breakClaimsOf(IdempotencyKey key) {
    locked(() -> brokenKeys.add(key.value()));
  }

  /** Claims one key; the earlier holder's record when the key is taken. */
  private Optional<IdempotencyRecord> claim(JournalClaim claim) {
    if (brokenKeys.contains(claim.idempotencyKey().value())) {
      throw new IllegalStateException("storage failed claiming " + claim.idempotencyKey());
    }
    String key = claim.principalId() + "/" + claim.idempotencyKey().value();
    TransactionId earlier = state.keys.get(key);
    if (earlier != null) {
      JournalClaim first = state.headers.get(earlier).claim();
      return Optional.of(new IdempotencyRecord(earlier, first.type(), first.fingerprint()));
    }
    if (claim.reversalOf() != null && state.reversedBy.containsKey(claim.reversalOf())) {
      throw new AlreadyReversedException(claim.reversalOf().toString());
    }
    state.keys.put(key, claim.transactionId());
    state.headers.put(claim.transactionId(), new Header(claim));
    if (claim.reversalOf() != null) {
      state.reversedBy.put(claim.reversalOf(), claim.transactionId());
    }
    return Optional.empty();
  }

  private void appendEntries(
      TransactionId transactionId, List<BalanceChange> changes, Instant createdAt) {
    JournalClaim claim = state.headers.get(transactionId).claim();
    for (BalanceChange change : changes) {
      state.entries.add(
          new LedgerEntry(
              state.entries.size() + 1L,
              transactionId,
              claim.type(),
              change.accountId(),
              change.amount(),
              change.balanceAfter(),
              createdAt));
    }
  }

  @Override
  public Map<ClaimKey, IdempotencyRecord> findClaims(Collection<ClaimKey> keys) {
    return locked(() -> {
      Map<ClaimKey, IdempotencyRecord> found = new HashMap<>();
      for (ClaimKey key : keys) {
        TransactionId id = state.keys.get(key.principalId() + "/" + key.key().value());
        if (id != null) {
          JournalClaim claim = state.headers.get(id).claim();
          found.put(key, new IdempotencyRecord(id, claim.type(), claim.fingerprint()));
        }
      }
      return found;
    });
  }

  @Override
  public Set<TransactionId> claimAll(List<JournalClaim> claims) {
    requireTransaction();
    Set<TransactionId> won = new HashSet<>();
    for (JournalClaim claim : claims) {
      if (claim(claim).isEmpty()) {
        won.add(claim.transactionId());
      }
    }
    return won;
  }

  @Override
  public void appendEntries(List<TransactionChanges> transactions, Instant createdAt) {
    requireTransaction();
    transactions.forEach(t -> appendEntries(t.transactionId(), t.changes(), createdAt));
  }

  @Override
  public void appendAll(List<LedgerEvent> events) {
    events.forEach(this::append);
  }

  @Override
  public Optional<PostedTransaction> findById(TransactionId id) {
    return locked(() ->
        Optional.ofNullable(state.headers.get(id))
            .map(header ->
                new PostedTransaction(
                    id,
                    header.claim().type(),
                    header.claim().reversalOf(),
                    state.reversedBy.get(id),
                    header.claim().reason(),
                    header.claim().createdAt(),
                    state.entries.stream().filter(e -> e.transactionId().equals(id)).toList())));
  }

  @Override
  public List<LedgerEntry> findEntries(List<AccountId> accountIds, Long beforeEntryId, int limit) {
    long before = beforeEntryId == null ? Long.MAX_VALUE : beforeEntryId;
    return locked(() ->
        state.entries.stream()
            .filter(e -> accountIds.contains(e.accountId()) && e.entryId() < before)
            .sorted(Comparator.comparingLong(LedgerEntry::entryId).reversed())
            .limit(limit)
            .toList());
  }

  @Override
  public void append(LedgerEvent event) {
    requireTransaction();
    state.events.add(new StoredEvent(state.events.size() + 1L, event, null));
  }

  @Override
  public List<OutboxMessage> lockNextBatch(int limit) {
    requireTransaction();
    return state.events.stream()
        .filter(e -> e.publishedAt() == null)
        .limit(limit)
        .map(e ->
            new OutboxMessage(
                e.id(),
                e.event().eventId(),
                "ledger." + e.event().type(),
                e.event().changes().stream().map(c -> c.accountId().value()).toList(),
                e.event().toString()))
        .toList();
  }

  @Override
  public void markPublished(List<Long> ids, Instant at) {
    requireTransaction();
    state.events.replaceAll(e -> ids.contains(e.id()) ? new StoredEvent(e.id(), e.event(), at) : e);
  }

  @Override
  public OutboxBacklog backlog() {
    return locked(() -> {
      List<StoredEvent> waiting =
          state.events.stream().filter(e -> e.publishedAt() == null).toList();
      return waiting.isEmpty()
          ? OutboxBacklog.EMPTY
          : new OutboxBacklog(waiting.size(), waiting.getFirst().event().occurredAt());
    });
  }

  @Override
  public int prunePublishedBefore(Instant cutoff, int limit) {
    return inTransaction(() -> {
      List<StoredEvent> old =
          state.events.stream()
              .filter(e -> e.publishedAt() != null && e.publishedAt().isBefore(cutoff))
              .limit(limit)
              .toList();
      state.events.removeAll(old);
      return old.size();
    });
  }

  @Override
  public Map<String, Long> entrySumsByCurrency() {
    return locked(() -> {
      Map<String, Long> sums = new TreeMap<>();
      state.entries.forEach(
          e -> sums.merge(e.amount().currency().value(), e.amount().amountMinor(), Math::addExact));
      return sums;
    });
  }

  @Override
  public List<ReconciliationMismatch> accountMismatches(int limit) {
    return locked(() -> {
      List<ReconciliationMismatch> mismatches = new ArrayList<>();
      for (Account account : state.accounts.values()) {
        long sum = 0;
        boolean chainBroken = false;
        for (LedgerEntry e :
            findEntries(List.of(account.id()), null, Integer.MAX_VALUE).reversed()) {
          sum = Math.addExact(sum, e.amount().amountMinor());
          if (!chainBroken && sum != e.balanceAfter().amountMinor()) {
            chainBroken = true;
            mismatches.add(
                new ReconciliationMismatch(
                    Kind.BALANCE_AFTER_CHAIN_BROKEN,
                    account.id().value(),
                    e.entryId(),
                    account.currency().value(),
                    sum,
                    e.balanceAfter().amountMinor()));
          }
        }
        if (sum != account.balance().amountMinor()) {
          mismatches.add(
              new ReconciliationMismatch(
                  Kind.BALANCE_NOT_ENTRY_SUM,
                  account.id().value(),
                  null,
                  account.currency().value(),
                  sum,
                  account.balance().amountMinor()));
        }
      }
      return mismatches.stream().limit(limit).toList();
    });
  }

  /** Corrupts a cached balance behind the ledger's back, to prove reconciliation notices. */
  public void corruptBalance(AccountId id, long balanceMinor) {
    locked(() -> {
      Account a = state.accounts.get(id.value());
      return state.accounts.put(id.value(), a.withBalance(Money.of(balanceMinor, a.currency())));
    });
  }

  @Override
  public void insertWithdrawal(Withdrawal withdrawal) {
    requireTransaction();
    state.withdrawals.put(withdrawal.id(), withdrawal);
  }

  @Override
  public List<Withdrawal> lockWithdrawals(SortedSet<TransactionId> ids) {
    requireTransaction();
    return ids.stream().map(state.withdrawals::get).filter(Objects::nonNull).toList();
  }

  @Override
  public void updateWithdrawal(Withdrawal withdrawal) {
    requireTransaction();
    state.withdrawals.put(withdrawal.id(), withdrawal);
  }

  @Override
  public Optional<Withdrawal> findWithdrawal(TransactionId id) {
    return locked(() -> Optional.ofNullable(state.withdrawals.get(id)));
  }

  @Override
  public void markPayoutRequested(TransactionId id, Instant at) {
    payoutsRequested.putIfAbsent(id, at);
  }

  @Override
  public List<Withdrawal> findUnrequestedPayouts(Instant createdBefore, int limit) {
    return locked(() ->
        state.withdrawals.values().stream()
            .filter(w -> w.status() == WithdrawalStatus.PENDING)
            .filter(w -> !payoutsRequested.containsKey(w.id()))
            .filter(w -> w.createdAt().isBefore(createdBefore))
            .sorted(Comparator.comparing(Withdrawal::createdAt))
            .limit(limit)
            .toList());
  }

  @Override
  public Optional<Instant> oldestPendingSince() {
    return locked(() ->
        state.withdrawals.values().stream()
            .filter(w -> w.status() == WithdrawalStatus.PENDING)
            .map(Withdrawal::createdAt)
            .min(Comparator.naturalOrder()));
  }

  @Override
  public void insertHold(Hold hold) {
    requireTransaction();
    state.holds.put(hold.id(), hold);
  }

  @Override
  public List<Hold> lockHolds(SortedSet<TransactionId> ids) {
    requireTransaction();
    return ids.stream().map(state.holds::get).filter(Objects::nonNull).toList();
  }

  @Override
  public void updateHold(Hold hold) {
    requireTransaction();
    state.holds.put(hold.id(), hold);
  }

  @Override
  public Optional<Hold> findHold(TransactionId id) {
    return locked(() -> Optional.ofNullable(state.holds.get(id)));
  }

  @Override
  public List<TransactionId> findExpiredPending(Instant now, int limit) {
    return locked(() ->
        state.holds.values().stream()
            .filter(h -> h.status() == HoldStatus.PENDING && h.isExpiredAt(now))
            .sorted(Comparator.comparing(Hold::expiresAt))
            .limit(limit)
            .map(Hold::id)
            .toList());
  }

  @Override
  public long heldMinor(AccountId account) {
    return locked(() ->
        state.withdrawals.values().stream()
                .filter(
                    w -> w.status() == WithdrawalStatus.PENDING && w.accountId().equals(account))
                .mapToLong(w -> w.amount().amountMinor())
                .sum()
            + state.holds.values().stream()
                .filter(h -> h.status() == HoldStatus.PENDING && h.accountId().equals(account))
                .mapToLong(h -> h.amount().amountMinor())
                .sum());
  }

  @Override
  public List<ReconciliationMismatch> holdAccountMismatches() {
    return locked(() -> {
      Map<CurrencyCode, Long> pending = new HashMap<>();
      state.withdrawals.values().stream()
          .filter(w -> w.status() == WithdrawalStatus.PENDING)
          .forEach(w -> pending.merge(w.amount().currency(), w.amount().amountMinor(), Long::sum));
      state.holds.values().stream()
          .filter(h -> h.status() == HoldStatus.PENDING)
          .forEach(h -> pending.merge(h.amount().currency(), h.amount().amountMinor(), Long::sum));
      return state.accounts.values().stream()
          .filter(a -> a.kind() == AccountKind.HOLD)
          .filter(a -> a.balance().amountMinor() != pending.getOrDefault(a.currency(), 0L))
          .map(a ->
              new ReconciliationMismatch(
                  Kind.HOLD_BALANCE_NOT_PENDING_SUM,
                  a.id().value(),
                  null,
                  a.currency().value(),
                  pending.getOrDefault(a.currency(), 0L),
                  a.balance().amountMinor()))
          .toList();
    });
  }

  @Override
  public synchronized void append(List<AuditEvent> events) {
    events.forEach(event -> auditTrail.add(new AuditRecord(auditTrail.size() + 1, event)));
  }

  @Override
  public List<AuditRecord> find(AuditFilter filter, Long beforeId, int limit) {
    return auditTrail.reversed().stream()
        .filter(r -> beforeId == null || r.id() < beforeId)
        .filter(
            r -> filter.accountId() == null || r.event().accountIds().contains(filter.accountId()))
        .filter(r -> filter.actor() == null || filter.actor().equals(r.event().actor()))
        .filter(r -> filter.from() == null || !r.event().occurredAt().isBefore(filter.from()))
        .filter(r -> filter.to() == null || r.event().occurredAt().isBefore(filter.to()))
        .limit(limit)
        .toList();
  }
}
