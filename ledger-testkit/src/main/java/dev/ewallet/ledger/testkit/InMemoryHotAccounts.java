package dev.ewallet.ledger.testkit;

import dev.ewallet.ledger.domain.account.AccountId;
import dev.ewallet.ledger.domain.hotaccount.HotAccountDecision;
import dev.ewallet.ledger.domain.hotaccount.SplittingPolicy;
import dev.ewallet.ledger.domain.port.out.HotAccountStore;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;

/** Splitting policies and hot-account decisions in memory, in the store's unit of work. */
public final class InMemoryHotAccounts implements HotAccountStore {

  private final InMemoryStore store;

  public InMemoryHotAccounts(InMemoryStore store) {
    this.store = store;
  }

  @Override
  public Optional<SplittingPolicy> policy(AccountId merchant) {
    return store.locked(() -> Optional.ofNullable(store.state().splittingPolicies().get(merchant)));
  }

  @Override
  public void setPolicy(AccountId merchant, SplittingPolicy policy) {
    store.requireTransaction();
    store.state().splittingPolicies().put(merchant, policy);
  }

  @Override
  public HotAccountDecision append(HotAccountDecision decision) {
    store.requireTransaction();
    HotAccountDecision stored =
        new HotAccountDecision(
            store.nextDecisionId(),
            decision.merchant(),
            decision.action(),
            decision.shardsBefore(),
            decision.shardsAfter(),
            decision.measuredRow(),
            decision.postingsPerSecond(),
            decision.threshold(),
            decision.decidedBy(),
            decision.decidedAt());
    store.state().hotAccountDecisions().add(stored);
    return stored;
  }

  @Override
  public List<HotAccountDecision> decisions(Long beforeId, int limit) {
    return store.locked(() ->
        store.state().hotAccountDecisions().stream()
            .filter(d -> beforeId == null || d.id() < beforeId)
            .sorted(Comparator.comparingLong(HotAccountDecision::id).reversed())
            .limit(limit)
            .toList());
  }
}
