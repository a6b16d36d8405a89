package dev.ewallet.ledger.domain.port.in;

import dev.ewallet.ledger.domain.account.AccountId;
import dev.ewallet.ledger.domain.journal.IdempotencyKey;
import dev.ewallet.ledger.domain.journal.RequestFingerprint;

/** Credit {@code amountMinor} to a wallet from the bank clearing account of its currency. */
public record DepositFundsCommand(
    Caller caller, IdempotencyKey idempotencyKey, AccountId accountId, long amountMinor) {

  public DepositFundsCommand {
    CommandChecks.present(caller, "caller");
    CommandChecks.present(idempotencyKey, "idempotencyKey");
    CommandChecks.present(accountId, "accountId");
    CommandChecks.positiveAmount(amountMinor);
  }

  public RequestFingerprint fingerprint() {
    return RequestFingerprint.of("DEPOSIT", accountId, amountMinor);
  }
}
