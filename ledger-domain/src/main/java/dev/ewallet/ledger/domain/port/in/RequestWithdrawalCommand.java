package dev.ewallet.ledger.domain.port.in;

import dev.ewallet.ledger.domain.account.AccountId;
import dev.ewallet.ledger.domain.journal.IdempotencyKey;
import dev.ewallet.ledger.domain.journal.RequestFingerprint;

/** Withdraw {@code amountMinor} from a wallet to the owner's bank. */
public record RequestWithdrawalCommand(
    Caller caller, IdempotencyKey idempotencyKey, AccountId accountId, long amountMinor) {

  public RequestWithdrawalCommand {
    CommandChecks.present(caller, "caller");
    CommandChecks.present(idempotencyKey, "idempotencyKey");
    CommandChecks.present(accountId, "accountId");
    CommandChecks.positiveAmount(amountMinor);
  }

  public RequestFingerprint fingerprint() {
    return RequestFingerprint.of("WITHDRAWAL", accountId, amountMinor);
  }
}
