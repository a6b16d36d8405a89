package dev.ewallet.ledger.domain.port.in;

import dev.ewallet.ledger.domain.account.AccountId;
import dev.ewallet.ledger.domain.error.SameAccountException;
import dev.ewallet.ledger.domain.journal.IdempotencyKey;
import dev.ewallet.ledger.domain.journal.RequestFingerprint;
import java.time.Instant;

/** Reserve {@code amountMinor} of a wallet for a later capture to the destination. */
public record PlaceHoldCommand(
    Caller caller,
    IdempotencyKey idempotencyKey,
    AccountId accountId,
    AccountId destinationAccountId,
    long amountMinor,
    Instant expiresAt) {

  public PlaceHoldCommand {
    CommandChecks.present(caller, "caller");
    CommandChecks.present(idempotencyKey, "idempotencyKey");
    CommandChecks.present(accountId, "accountId");
    CommandChecks.present(destinationAccountId, "destinationAccountId");
    CommandChecks.present(expiresAt, "expiresAt");
    CommandChecks.positiveAmount(amountMinor);
    if (accountId.equals(destinationAccountId)) {
      throw new SameAccountException(accountId.value());
    }
  }

  public RequestFingerprint fingerprint() {
    return RequestFingerprint.of("HOLD", accountId, destinationAccountId, amountMinor, expiresAt);
  }
}
