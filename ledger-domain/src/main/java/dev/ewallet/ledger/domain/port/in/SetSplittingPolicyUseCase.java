package dev.ewallet.ledger.domain.port.in;

import dev.ewallet.ledger.domain.hotaccount.HotAccountDecision;

/** An operator's say on splitting one merchant. */
public interface SetSplittingPolicyUseCase {

  /**
   * Stores the policy and records it as a decision; pinning at more shards than the merchant has
   * opens the rest now. Shards are never removed.
   *
   * @throws dev.ewallet.ledger.domain.error.AccessDeniedException for a caller who is no operator
   * @throws dev.ewallet.ledger.domain.error.InvalidRequestException for an account that is no
   *     merchant (a user's wallet is never split: its owner's transfers must see one balance), or
   *     pinning at fewer shards than it has
   */
  HotAccountDecision setSplittingPolicy(SetSplittingPolicyCommand command);
}
