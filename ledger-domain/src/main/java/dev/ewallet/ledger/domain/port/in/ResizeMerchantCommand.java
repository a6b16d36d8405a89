package dev.ewallet.ledger.domain.port.in;

import dev.ewallet.ledger.domain.account.AccountId;
import dev.ewallet.ledger.domain.error.InvalidRequestException;

/** Grow a merchant to {@code shards} shards. */
public record ResizeMerchantCommand(Caller caller, AccountId merchantId, int shards) {

  public ResizeMerchantCommand {
    CommandChecks.present(caller, "caller");
    CommandChecks.present(merchantId, "merchantId");
    if (shards < 1 || shards > CreateAccountCommand.MAX_SHARDS) {
      throw new InvalidRequestException(
          "shards must be 1 to " + CreateAccountCommand.MAX_SHARDS + ", got " + shards);
    }
  }
}
