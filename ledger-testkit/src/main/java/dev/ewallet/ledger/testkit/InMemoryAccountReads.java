package dev.ewallet.ledger.testkit;

import dev.ewallet.ledger.domain.account.Account;
import dev.ewallet.ledger.domain.account.AccountId;
import dev.ewallet.ledger.domain.account.AccountKind;
import dev.ewallet.ledger.domain.account.EntryHash;
import dev.ewallet.ledger.domain.account.UserId;
import dev.ewallet.ledger.domain.journal.HistoryFilter;
import dev.ewallet.ledger.domain.journal.HistoryPosition;
import dev.ewallet.ledger.domain.journal.LedgerEntry;
import dev.ewallet.ledger.domain.money.Money;
import dev.ewallet.ledger.domain.monitor.AmountsBesideBalance;
import dev.ewallet.ledger.domain.port.in.AccountView;
import dev.ewallet.ledger.domain.port.in.BalanceAt;
import dev.ewallet.ledger.domain.port.in.Statement;
import dev.ewallet.ledger.domain.port.out.AccountHistory;
import dev.ewallet.ledger.domain.port.out.AccountReads;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.stream.Stream;

/**
 * {@link AccountReads} in memory: each answer is read under the store's lock, so it is consistent.
 */
public final class InMemoryAccountReads implements AccountReads {

  private final InMemoryStore store;
  private final InMemoryBankFlows bankFlows;

  public InMemoryAccountReads(InMemoryStore store, InMemoryBankFlows bankFlows) {
    this.store = store;
    this.bankFlows = bankFlows;
  }

  @Override
  public Optional<AccountView> find(AccountId id) {
    return store.locked(() -> account(id).map(this::snapshot));
  }

  @Override
  public List<AccountView> findByOwner(UserId owner) {
    return store.locked(() ->
        store.state().accounts().values().stream()
            .filter(a -> a.isOwnedBy(owner) && a.parent() == null)
            .map(this::snapshot)
            .toList());
  }

  @Override
  public Optional<AccountHistory> history(
      AccountId id, HistoryFilter filter, HistoryPosition before, int limit) {
    return store.locked(() ->
        account(id)
            .map(account -> {
              List<AccountId> ids = withShards(account).map(Account::id).toList();
              List<LedgerEntry> page =
                  store.state().entries().stream()
                      .filter(e -> ids.contains(e.accountId()))
                      .filter(e -> before == null || before.isAfter(e))
                      .filter(filter::matches)
                      .sorted(HistoryPosition.NEWEST_FIRST)
                      .limit(limit)
                      .toList();
              return new AccountHistory(account, page);
            }));
  }

  @Override
  public Optional<Snapshot> balanceAt(AccountId id, Instant at) {
    return store.locked(() ->
        account(id)
            .map(account -> {
              Money balance = Money.zero(account.currency());
              LedgerEntry latest = null;
              for (Account one : withShards(account).toList()) {
                LedgerEntry last =
                    store.state().entries().stream()
                        .filter(e -> e.accountId().equals(one.id()))
                        .filter(e -> !e.createdAt().isAfter(at))
                        .min(HistoryPosition.NEWEST_FIRST)
                        .orElse(null);
                if (last != null) {
                  balance = balance.plus(last.balanceAfter());
                  if (latest == null || HistoryPosition.NEWEST_FIRST.compare(last, latest) < 0) {
                    latest = last;
                  }
                }
              }
              return new Snapshot(
                  new BalanceAt(account, at, balance, latest == null ? null : latest.entryId()),
                  false);
            }));
  }

  @Override
  public Optional<PeriodTotals> periodTotals(AccountId id, Instant from, Instant to) {
    return store.locked(() ->
        account(id)
            .map(account -> {
              Money zero = Money.zero(account.currency());
              Money opening = zero;
              Money credits = zero;
              Money debits = zero;
              for (Account one : withShards(account).toList()) {
                opening =
                    opening.plus(
                        entriesOf(one.id())
                            .filter(e -> e.createdAt().isBefore(from))
                            .min(HistoryPosition.NEWEST_FIRST)
                            .map(LedgerEntry::balanceAfter)
                            .orElse(zero));
              }
              List<LedgerEntry> period = periodOf(account, from, to);
              for (LedgerEntry entry : period) {
                if (entry.amount().isPositive()) {
                  credits = credits.plus(entry.amount());
                } else {
                  debits = debits.plus(entry.amount().negate());
                }
              }
              boolean oneChain = withShards(account).count() == 1;
              return new PeriodTotals(
                  new Statement(
                      account,
                      from,
                      to,
                      opening,
                      credits,
                      debits,
                      period.size(),
                      oneChain ? chainBefore(account, from) : null,
                      oneChain ? chainBefore(account, to) : null,
                      List.of()),
                  false);
            }));
  }

  @Override
  public void periodEntries(AccountId id, Instant from, Instant to, Consumer<LedgerEntry> sink) {
    store
        .locked(() -> account(id).map(account -> periodOf(account, from, to)).orElse(List.of()))
        .forEach(sink);
  }

  /**
   * The account's chain before {@code at}: its last earlier entry's hash; callers hold the lock.
   */
  private EntryHash chainBefore(Account account, Instant at) {
    return entriesOf(account.id())
        .filter(e -> e.createdAt().isBefore(at))
        .min(HistoryPosition.NEWEST_FIRST)
        .map(LedgerEntry::hash)
        .orElse(EntryHash.GENESIS);
  }

  /** The period's entries of the account and its shards, oldest first; callers hold the lock. */
  private List<LedgerEntry> periodOf(Account account, Instant from, Instant to) {
    List<AccountId> ids = withShards(account).map(Account::id).toList();
    return store.state().entries().stream()
        .filter(e -> ids.contains(e.accountId()))
        .filter(e -> !e.createdAt().isBefore(from) && e.createdAt().isBefore(to))
        .sorted(HistoryPosition.NEWEST_FIRST.reversed())
        .toList();
  }

  /** Callers hold the store's lock. */
  private Stream<LedgerEntry> entriesOf(AccountId id) {
    return store.state().entries().stream().filter(e -> e.accountId().equals(id));
  }

  /** Callers hold the store's lock. */
  private Optional<Account> account(AccountId id) {
    return Optional.ofNullable(store.state().accounts().get(id.value()));
  }

  /** The account, and its shards when it is a merchant; callers hold the store's lock. */
  private Stream<Account> withShards(Account account) {
    Stream<Account> shards =
        account.kind() == AccountKind.MERCHANT
            ? store.state().accounts().values().stream()
                .filter(a -> account.id().equals(a.parent()))
            : Stream.empty();
    return Stream.concat(Stream.of(account), shards);
  }

  /** Callers hold the store's lock. */
  private AccountView snapshot(Account account) {
    List<Account> all = withShards(account).toList();
    Money balance = Money.zero(account.currency());
    long version = 0;
    for (Account one : all) {
      balance = balance.plus(one.balance());
      version = Math.addExact(version, newestEntryId(one.id()));
    }
    AmountsBesideBalance beside = bankFlows.amountsBesideBalance(account);
    return new AccountView(
        account, balance, beside.heldAmount(), beside.pendingIn(), all.size() - 1, version);
  }

  private long newestEntryId(AccountId id) {
    return store.state().entries().stream()
        .filter(e -> e.accountId().equals(id))
        .mapToLong(LedgerEntry::entryId)
        .max()
        .orElse(0);
  }
}
