package dev.ewallet.ledger.domain.port.out;

import dev.ewallet.ledger.domain.account.AccountId;
import dev.ewallet.ledger.domain.hotaccount.HotAccountDecision;
import dev.ewallet.ledger.domain.hotaccount.SplittingPolicy;
import java.util.List;
import java.util.Optional;

/**
 * Where operators' splitting policies and the decisions about hot merchants live; decisions are
 * append-only. No argument may be {@code null}.
 */
public interface HotAccountStore {

  /** The policy an operator set for the merchant; empty when none was ({@code AUTOMATIC}). */
  Optional<SplittingPolicy> policy(AccountId merchant);

  /** Stores the merchant's policy, replacing any earlier one. */
  void setPolicy(AccountId merchant, SplittingPolicy policy);

  /** Appends the decision and returns it with its id. */
  HotAccountDecision append(HotAccountDecision decision);

  /**
   * Decisions, newest first.
   *
   * @param beforeId only decisions with a smaller id; {@code null} for the newest
   */
  List<HotAccountDecision> decisions(Long beforeId, int limit);
}
