package dev.ewallet.ledger.testkit;

import dev.ewallet.ledger.domain.account.Account;
import dev.ewallet.ledger.domain.account.AccountId;
import dev.ewallet.ledger.domain.account.AccountKind;
import dev.ewallet.ledger.domain.account.AccountStatus;
import dev.ewallet.ledger.domain.account.DormantWallet;
import dev.ewallet.ledger.domain.account.EntryHash;
import dev.ewallet.ledger.domain.account.ShardedRows;
import dev.ewallet.ledger.domain.account.UserId;
import dev.ewallet.ledger.domain.error.TooManyAccountsException;
import dev.ewallet.ledger.domain.journal.BalanceChange;
import dev.ewallet.ledger.domain.journal.SuspenseItem;
import dev.ewallet.ledger.domain.journal.TransactionId;
import dev.ewallet.ledger.domain.journal.TransactionType;
import dev.ewallet.ledger.domain.limits.OutgoingAllowance;
import dev.ewallet.ledger.domain.limits.OutgoingUsage;
import dev.ewallet.ledger.domain.money.CurrencyCode;
import dev.ewallet.ledger.domain.money.Money;
import dev.ewallet.ledger.domain.port.out.AccountRepository;
import dev.ewallet.ledger.domain.port.out.AccountUpdate;
import dev.ewallet.ledger.domain.port.out.NewAccount;
import dev.ewallet.ledger.domain.port.out.StatusChange;
import java.time.Instant;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.function.Consumer;

/** {@link AccountRepository} in memory. */
public final class InMemoryAccounts implements AccountRepository {

  private final InMemoryStore store;
  private final int systemShards;

  /**
   * @param systemShards how many shards each system account is opened with (0: none)
   */
  public InMemoryAccounts(InMemoryStore store, int systemShards) {
    if (systemShards < 0) {
      throw new IllegalArgumentException("a negative count of shards: " + systemShards);
    }
    this.store = store;
    this.systemShards = systemShards;
  }

  @Override
  public Account create(NewAccount account) {
    return store.locked(() -> {
      long id = store.nextAccountId();
      Account created =
          new Account(
              AccountId.of(id),
              account.owner(),
              account.currency(),
              account.kind(),
              Money.zero(account.currency()),
              account.createdAt(),
              account.parent(),
              null,
              EntryHash.GENESIS,
              // A shard takes its merchant's status, as the database's trigger gives it.
              account.parent() == null
                  ? AccountStatus.ACTIVE
                  : store.state().accounts().get(account.parent().value()).status());
      store.state().accounts().put(id, created);
      return created;
    });
  }

  @Override
  public Account createForOwner(NewAccount account, int maxPerOwner) {
    return store.locked(() -> {
      if (ownedBy(account.owner()) >= maxPerOwner) {
        throw new TooManyAccountsException(maxPerOwner);
      }
      return create(account);
    });
  }

  @Override
  public List<Account> findShards(AccountId merchant) {
    return store.locked(() ->
        store.state().accounts().values().stream()
            .filter(a -> merchant.equals(a.parent()))
            .toList());
  }

  @Override
  public List<AccountId> creditTargets(AccountId account) {
    return findShards(account).stream()
        .filter(shard -> shard.kind() == AccountKind.MERCHANT_SHARD)
        .map(Account::id)
        .toList();
  }

  @Override
  public List<AccountId> shardedMerchants() {
    return store.locked(() ->
        store.state().accounts().values().stream()
            .filter(a -> a.kind() == AccountKind.MERCHANT_SHARD)
            .map(Account::parent)
            .distinct()
            .toList());
  }

  @Override
  public Optional<Account> findById(AccountId id) {
    return store.locked(() -> Optional.ofNullable(store.state().accounts().get(id.value())));
  }

  /** How many accounts the owner holds, merchant shards excluded; callers hold the store's lock. */
  private long ownedBy(UserId owner) {
    return store.state().accounts().values().stream()
        .filter(a -> a.isOwnedBy(owner) && a.parent() == null && a.status().isOpen())
        .count();
  }

  @Override
  public AccountId systemAccount(AccountKind kind, CurrencyCode currency) {
    return store.locked(() ->
        store.state().accounts().values().stream()
            .filter(a -> a.owner() == null && a.parent() == null)
            .filter(a -> a.kind() == kind && a.currency().equals(currency))
            .map(Account::id)
            .findFirst()
            .orElseGet(() -> openSystemAccount(kind, currency)));
  }

  private AccountId openSystemAccount(AccountKind kind, CurrencyCode currency) {
    AccountId main = create(new NewAccount(null, currency, kind, Instant.EPOCH)).id();
    for (int shard = 1; shard <= systemShards; shard++) {
      create(new NewAccount(null, currency, kind, Instant.EPOCH, main, shard));
    }
    return main;
  }

  @Override
  public List<ShardedRows> shardedRows() {
    return store.locked(() -> {
      Map<AccountKind, Map<CurrencyCode, long[]>> found =
          new TreeMap<>(Comparator.comparing(AccountKind::name));
      for (Account shard : store.state().accounts().values()) {
        if (shard.parent() != null) {
          AccountKind kind = store.state().accounts().get(shard.parent().value()).kind();
          long[] sum =
              found
                  .computeIfAbsent(
                      kind, k -> new TreeMap<>(Comparator.comparing(CurrencyCode::value)))
                  .computeIfAbsent(shard.currency(), c -> new long[2]);
          sum[0]++;
          sum[1] += shard.balance().amountMinor();
        }
      }
      List<ShardedRows> rows = new ArrayList<>();
      found.forEach((kind, currencies) ->
          currencies.forEach(
              (currency, sum) -> rows.add(new ShardedRows(kind, currency, sum[0], sum[1]))));
      return rows;
    });
  }

  @Override
  public List<AccountId> systemShards(AccountId systemAccount) {
    return findShards(systemAccount).stream()
        .filter(shard -> shard.kind().isSystem())
        .map(Account::id)
        .toList();
  }

  @Override
  public List<Account> lockForUpdate(SortedSet<AccountId> ids) {
    store.requireTransaction();
    return ids.stream()
        .map(id -> store.state().accounts().get(id.value()))
        .filter(Objects::nonNull)
        .toList();
  }

  @Override
  public void changeStatus(StatusChange change) {
    store.requireTransaction();
    store
        .state()
        .accounts()
        .replaceAll((id, account) ->
            account.id().equals(change.accountId()) || change.accountId().equals(account.parent())
                ? account.withStatus(change.status())
                : account);
    store.state().statusChanges().add(change);
  }

  @Override
  public Map<AccountId, OutgoingUsage> outgoing(Collection<AccountId> ids, LocalDate day) {
    store.requireTransaction();
    Map<AccountId, OutgoingUsage> found = new HashMap<>();
    for (AccountId id : ids) {
      OutgoingUsage own = store.state().accountLimits().get(id);
      Long dayUsed = store.state().outgoingUsage().get(usageKey(id, "D", day));
      Long monthUsed = store.state().outgoingUsage().get(usageKey(id, "M", day.withDayOfMonth(1)));
      if (own != null || dayUsed != null || monthUsed != null) {
        found.put(
            id,
            new OutgoingUsage(
                own == null ? null : own.dailyOverride(),
                own == null ? null : own.monthlyOverride(),
                dayUsed == null ? 0 : dayUsed,
                monthUsed == null ? 0 : monthUsed));
      }
    }
    return found;
  }

  @Override
  public void recordOutgoing(Map<AccountId, OutgoingAllowance> used, LocalDate day) {
    store.requireTransaction();
    used.forEach((id, allowance) -> {
      store.state().outgoingUsage().put(usageKey(id, "D", day), allowance.dailyUsed());
      store
          .state()
          .outgoingUsage()
          .put(usageKey(id, "M", day.withDayOfMonth(1)), allowance.monthlyUsed());
    });
  }

  @Override
  public void setOutgoingLimits(
      AccountId id, Long dailyOut, Long monthlyOut, long changedBy, Instant changedAt) {
    store.requireTransaction();
    store.state().accountLimits().put(id, new OutgoingUsage(dailyOut, monthlyOut, 0, 0));
  }

  private static String usageKey(AccountId id, String period, LocalDate starts) {
    return id.value() + "|" + period + "|" + starts;
  }

  /** Every status change recorded for the account, oldest first. */
  public List<StatusChange> statusChanges(AccountId id) {
    return store.locked(() ->
        store.state().statusChanges().stream().filter(c -> c.accountId().equals(id)).toList());
  }

  /**
   * Applies the updates; a balance going below zero where the kind forbids it fails as CHECK, and a
   * chain that no longer ends at the update's previous hash fails as the database's refusal does.
   */
  @Override
  public List<BalanceChange> applyPostings(List<AccountUpdate> updates, Instant at) {
    store.requireTransaction();
    List<BalanceChange> changes = new ArrayList<>();
    for (AccountUpdate update : updates) {
      Account account = store.state().accounts().get(update.accountId().value());
      if (!account.lastHash().equals(update.previousHash())) {
        throw new IllegalStateException(
            "account "
                + account.id()
                + " was not updated: its hash chain ends at "
                + account.lastHash());
      }
      Money after = account.balance().plus(update.delta());
      if (after.isNegative() && !account.kind().allowsNegative()) {
        throw new IllegalStateException("CHECK (allow_negative OR balance >= 0) violated");
      }
      store
          .state()
          .accounts()
          .put(account.id().value(), account.posted(after, at, update.lastHash()));
      changes.add(new BalanceChange(update.accountId(), update.delta(), after, update.lastHash()));
    }
    return changes;
  }

  /** Corrupts a cached balance behind the ledger's back, to prove reconciliation notices. */
  public void corruptBalance(AccountId id, long balanceMinor) {
    store.locked(() -> {
      Account a = store.state().accounts().get(id.value());
      return store
          .state()
          .accounts()
          .put(
              id.value(),
              new Account(
                  a.id(),
                  a.owner(),
                  a.currency(),
                  a.kind(),
                  Money.of(balanceMinor, a.currency()),
                  a.createdAt(),
                  a.parent(),
                  a.lastEntryAt(),
                  a.lastHash(),
                  a.status()));
    });
  }

  @Override
  public void keepInSuspense(SuspenseItem item) {
    store.requireTransaction();
    store.state().suspense().put(item.transactionId(), item);
  }

  @Override
  public void releaseFromSuspense(
      AccountId wallet, List<TransactionId> items, TransactionId release) {
    store.requireTransaction();
    Map<TransactionId, SuspenseItem> suspense = store.state().suspense();
    for (TransactionId id : items) {
      SuspenseItem item = suspense.get(id);
      if (item == null || !item.wallet().equals(wallet) || !item.isKept()) {
        throw new IllegalStateException("suspense item " + id + " is not kept for " + wallet);
      }
      suspense.put(
          id,
          new SuspenseItem(
              item.transactionId(),
              item.wallet(),
              item.suspense(),
              item.amount(),
              item.type(),
              item.bookedAt(),
              release));
    }
  }

  @Override
  public List<SuspenseItem> keptInSuspense(AccountId wallet) {
    return store.locked(() ->
        store.state().suspense().values().stream()
            .filter(item -> item.wallet().equals(wallet) && item.isKept())
            .toList());
  }

  @Override
  public List<SuspenseItem> suspenseItems(CurrencyCode currency, boolean keptOnly, int limit) {
    return store.locked(() ->
        store.state().suspense().values().stream()
            .filter(item -> item.amount().currency().equals(currency))
            .filter(item -> item.isKept() || !keptOnly)
            .sorted(Comparator.comparing(SuspenseItem::bookedAt).reversed())
            .limit(limit)
            .toList());
  }

  @Override
  public List<AccountId> markDormant(
      long fromId,
      long toId,
      Instant inactiveSince,
      Set<TransactionType> ownerDebits,
      Set<TransactionType> ownerCredits,
      String reason,
      long changedBy,
      Instant at) {
    store.requireTransaction();
    List<AccountId> dormant = new ArrayList<>();
    for (Account account :
        List.copyOf(store.state().accounts().subMap(fromId, true, toId, true).values())) {
      boolean qualifies =
          account.kind() == AccountKind.USER
              && account.status() == AccountStatus.ACTIVE
              && account.createdAt().isBefore(inactiveSince)
              && store.state().entries().stream()
                  .noneMatch(e ->
                      e.accountId().equals(account.id())
                          && !e.createdAt().isBefore(inactiveSince)
                          && (e.amount().isNegative() ? ownerDebits : ownerCredits)
                              .contains(e.type()));
      if (qualifies) {
        changeStatus(new StatusChange(account.id(), AccountStatus.DORMANT, reason, changedBy, at));
        dormant.add(account.id());
      }
    }
    return dormant;
  }

  @Override
  public long maxAccountId() {
    return store.locked(
        () -> store.state().accounts().isEmpty() ? 0 : store.state().accounts().lastKey());
  }

  @Override
  public void dormantWallets(CurrencyCode currency, Consumer<DormantWallet> sink) {
    List<DormantWallet> dormant =
        store.locked(() ->
            store.state().accounts().values().stream()
                .filter(a -> a.status() == AccountStatus.DORMANT && a.currency().equals(currency))
                .map(a ->
                    new DormantWallet(
                        a.id(),
                        a.owner(),
                        a.balance(),
                        store.state().statusChanges().reversed().stream()
                            .filter(c ->
                                c.accountId().equals(a.id()) && c.status() == AccountStatus.DORMANT)
                            .findFirst()
                            .orElseThrow()
                            .changedAt()))
                .sorted(
                    Comparator.comparing(DormantWallet::dormantSince)
                        .thenComparing(w -> w.accountId().value()))
                .toList());
    dormant.forEach(sink);
  }
}
