package dev.ewallet.ledger.testkit;

import dev.ewallet.ledger.domain.account.Account;
import dev.ewallet.ledger.domain.account.AccountId;
import dev.ewallet.ledger.domain.account.AccountKind;
import dev.ewallet.ledger.domain.account.EntryHash;
import dev.ewallet.ledger.domain.journal.ChainCheck;
import dev.ewallet.ledger.domain.journal.LedgerEntry;
import dev.ewallet.ledger.domain.journal.ReconciliationMismatch;
import dev.ewallet.ledger.domain.journal.ReconciliationMismatch.Kind;
import dev.ewallet.ledger.domain.money.CurrencyCode;
import dev.ewallet.ledger.domain.port.out.LedgerAudit;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.function.Consumer;

/** Reconciliation's scans over the in-memory store. */
public final class InMemoryLedgerAudit implements LedgerAudit {

  private final InMemoryStore store;
  private final InMemoryBankFlows bankFlows;

  public InMemoryLedgerAudit(InMemoryStore store, InMemoryBankFlows bankFlows) {
    this.store = store;
    this.bankFlows = bankFlows;
  }

  @Override
  public Map<String, Long> entrySumsByCurrency() {
    return store.locked(() -> {
      Map<String, Long> sums = new TreeMap<>();
      store
          .state()
          .entries()
          .forEach(e ->
              sums.merge(e.amount().currency().value(), e.amount().amountMinor(), Math::addExact));
      return sums;
    });
  }

  @Override
  public List<ReconciliationMismatch> accountMismatches(int limit) {
    return store.locked(() -> {
      List<ReconciliationMismatch> mismatches = new ArrayList<>();
      for (Account account : store.state().accounts().values()) {
        long sum = 0;
        boolean chainBroken = false;
        for (LedgerEntry e : entriesOldestFirst(account)) {
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

  private List<LedgerEntry> entriesOldestFirst(Account account) {
    return store.state().entries().stream()
        .filter(e -> e.accountId().equals(account.id()))
        .sorted(Comparator.comparingLong(LedgerEntry::entryId))
        .toList();
  }

  @Override
  public List<ReconciliationMismatch> holdAccountMismatches() {
    return store.locked(() -> {
      Map<CurrencyCode, Long> pending = new HashMap<>();
      bankFlows
          .pendingWithdrawals()
          .forEach(w -> pending.merge(w.amount().currency(), w.amount().amountMinor(), Long::sum));
      bankFlows
          .pendingHolds()
          .forEach(h -> pending.merge(h.amount().currency(), h.amount().amountMinor(), Long::sum));
      // A currency's hold account with its shards.
      Map<CurrencyCode, Long> held = new HashMap<>();
      store.state().accounts().values().stream()
          .filter(a -> a.kind() == AccountKind.HOLD)
          .forEach(a -> held.merge(a.currency(), a.balance().amountMinor(), Long::sum));
      return store.state().accounts().values().stream()
          .filter(a -> a.kind() == AccountKind.HOLD && a.parent() == null)
          .filter(a -> held.get(a.currency()).longValue() != pending.getOrDefault(a.currency(), 0L))
          .map(a ->
              new ReconciliationMismatch(
                  Kind.HOLD_BALANCE_NOT_PENDING_SUM,
                  a.id().value(),
                  null,
                  a.currency().value(),
                  pending.getOrDefault(a.currency(), 0L),
                  held.get(a.currency())))
          .toList();
    });
  }

  /** The chain checked by the domain's {@link ChainCheck}; the in-memory store archives nothing. */
  @Override
  public List<ReconciliationMismatch> hashChainMismatches(int limit) {
    return store.locked(() -> {
      List<ReconciliationMismatch> mismatches = new ArrayList<>();
      for (Account account : store.state().accounts().values()) {
        ChainCheck check = new ChainCheck();
        chainOf(account).forEach(check::accept);
        if (!check.verified(EntryHash.GENESIS, account.lastHash())) {
          mismatches.add(
              new ReconciliationMismatch(
                  Kind.HASH_CHAIN_BROKEN,
                  account.id().value(),
                  check.firstBrokenEntryId(EntryHash.GENESIS),
                  account.currency().value(),
                  0,
                  0));
        }
      }
      return mismatches.stream().limit(limit).toList();
    });
  }

  @Override
  public Optional<StoredChain> chain(AccountId id, Consumer<LedgerEntry> sink) {
    return store.locked(() ->
        Optional.ofNullable(store.state().accounts().get(id.value()))
            .map(account -> {
              chainOf(account).forEach(sink);
              return new StoredChain(id, EntryHash.GENESIS, account.lastHash());
            }));
  }

  /** The account's entries in chain order: by time, then id; callers hold the lock. */
  private List<LedgerEntry> chainOf(Account account) {
    return store.state().entries().stream()
        .filter(e -> e.accountId().equals(account.id()))
        .sorted(
            Comparator.comparing(LedgerEntry::createdAt).thenComparingLong(LedgerEntry::entryId))
        .toList();
  }
}
