package dev.ewallet.ledger.testkit;

import dev.ewallet.ledger.domain.bank.Payout;
import dev.ewallet.ledger.domain.bank.PayoutFile;
import dev.ewallet.ledger.domain.bank.PayoutFileSummary;
import dev.ewallet.ledger.domain.bankflow.Withdrawal;
import dev.ewallet.ledger.domain.journal.TransactionId;
import dev.ewallet.ledger.domain.money.CurrencyCode;
import dev.ewallet.ledger.domain.port.out.PayoutFileStore;
import java.time.Instant;
import java.time.LocalDate;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Payout files in memory, over the withdrawals of the same {@link InMemoryStore}. Like {@link
 * InMemoryBankStatements} it does not roll back with a failed unit of work.
 */
public final class InMemoryPayoutFiles implements PayoutFileStore {

  private final InMemoryBankFlows withdrawals;
  private final InMemoryStore store;
  private final Map<String, PayoutFile> files = new LinkedHashMap<>();
  private final Set<TransactionId> filed = new HashSet<>();

  public InMemoryPayoutFiles(InMemoryLedger ledger) {
    this.withdrawals = ledger.bankFlows();
    this.store = ledger.store();
  }

  @Override
  public synchronized Optional<PayoutFile> createFile(
      String fileId,
      CurrencyCode currency,
      Instant createdAt,
      LocalDate executionDate,
      int maxPayouts) {
    List<Payout> payouts =
        store.locked(() ->
            withdrawals
                .pendingWithdrawals()
                .filter(w -> w.payee() != null && w.amount().currency().equals(currency))
                .filter(w -> !filed.contains(w.id()))
                .sorted(Comparator.comparing(Withdrawal::createdAt).thenComparing(Withdrawal::id))
                .limit(maxPayouts)
                .map(w -> new Payout(w.id(), w.amount(), w.payee()))
                .toList());
    if (payouts.isEmpty()) {
      return Optional.empty();
    }
    PayoutFile file = new PayoutFile(fileId, currency, createdAt, executionDate, payouts);
    if (files.putIfAbsent(fileId, file) != null) {
      throw new IllegalStateException("payout file " + fileId + " exists");
    }
    payouts.forEach(payout -> filed.add(payout.withdrawalId()));
    return Optional.of(file);
  }

  @Override
  public synchronized Optional<PayoutFile> find(String fileId) {
    return Optional.ofNullable(files.get(fileId));
  }

  @Override
  public synchronized List<PayoutFileSummary> list(
      CurrencyCode currency, String afterId, int limit) {
    Comparator<PayoutFile> newestFirst =
        Comparator.comparing(PayoutFile::createdAt).thenComparing(PayoutFile::id).reversed();
    PayoutFile after = afterId == null ? null : files.get(afterId);
    if (afterId != null && after == null) {
      return List.of();
    }
    return files.values().stream()
        .filter(f -> currency == null || f.currency().equals(currency))
        .filter(f -> after == null || newestFirst.compare(f, after) > 0)
        .sorted(newestFirst)
        .limit(limit)
        .map(PayoutFileSummary::of)
        .toList();
  }
}
