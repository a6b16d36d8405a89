package dev.ewallet.ledger.domain.port.in;

import dev.ewallet.ledger.domain.account.AccountId;
import dev.ewallet.ledger.domain.account.MerchantShards;

/** Grow a merchant to {@code shards} shards. */
public record ResizeMerchantCommand(Caller caller, AccountId merchantId, int shards) {

  public ResizeMerchantCommand {
    CommandChecks.present(caller, "caller");
    CommandChecks.present(merchantId, "merchantId");
    MerchantShards.requireCount(shards);
  }
}
