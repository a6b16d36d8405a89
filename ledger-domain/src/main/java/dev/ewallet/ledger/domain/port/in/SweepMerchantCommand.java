package dev.ewallet.ledger.domain.port.in;

import dev.ewallet.ledger.domain.account.AccountId;
import dev.ewallet.ledger.domain.journal.IdempotencyKey;

/** Gather a merchant's shard balances into its main account. */
public record SweepMerchantCommand(
    Caller caller, IdempotencyKey idempotencyKey, AccountId merchantId) {

  public SweepMerchantCommand {
    CommandChecks.present(caller, "caller");
    CommandChecks.present(idempotencyKey, "idempotencyKey");
    CommandChecks.present(merchantId, "merchantId");
  }
}
