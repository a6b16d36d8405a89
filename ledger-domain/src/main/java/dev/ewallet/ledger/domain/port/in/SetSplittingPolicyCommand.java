package dev.ewallet.ledger.domain.port.in;

import dev.ewallet.ledger.domain.account.AccountId;
import dev.ewallet.ledger.domain.account.MerchantShards;
import dev.ewallet.ledger.domain.error.InvalidRequestException;
import dev.ewallet.ledger.domain.hotaccount.SplittingPolicy;

/**
 * Set whether the ledger may split a merchant by itself.
 *
 * @param shards for {@link SplittingPolicy#PINNED}: the shards to pin it at (grown to that now), or
 *     {@code null} to pin it at its current count; {@code null} for the other policies
 */
public record SetSplittingPolicyCommand(
    Caller caller, AccountId merchantId, SplittingPolicy policy, Integer shards) {

  public SetSplittingPolicyCommand {
    CommandChecks.present(caller, "caller");
    CommandChecks.present(merchantId, "merchantId");
    CommandChecks.present(policy, "splitting");
    if (shards != null) {
      if (policy != SplittingPolicy.PINNED) {
        throw new InvalidRequestException("shards are given to pin a merchant only");
      }
      MerchantShards.requireCount(shards);
    }
  }
}
