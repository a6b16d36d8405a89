package dev.ewallet.ledger.domain.port.in;

import dev.ewallet.ledger.domain.account.AccountId;
import dev.ewallet.ledger.domain.error.SameAccountException;
import dev.ewallet.ledger.domain.journal.IdempotencyKey;
import dev.ewallet.ledger.domain.journal.RequestFingerprint;

/**
 * Move {@code amountMinor} from one wallet to another of the same currency.
 *
 * @throws dev.ewallet.ledger.domain.error.InvalidRequestException for a missing field or an amount
 *     that is not positive
 * @throws SameAccountException when source and destination are one account
 */
public record TransferFundsCommand(
    Caller caller,
    IdempotencyKey idempotencyKey,
    AccountId fromAccountId,
    AccountId toAccountId,
    long amountMinor) {

  public TransferFundsCommand {
    CommandChecks.present(caller, "caller");
    CommandChecks.present(idempotencyKey, "idempotencyKey");
    CommandChecks.present(fromAccountId, "fromAccountId");
    CommandChecks.present(toAccountId, "toAccountId");
    CommandChecks.positiveAmount(amountMinor);
    if (fromAccountId.equals(toAccountId)) {
      throw new SameAccountException(fromAccountId.value());
    }
  }

  public RequestFingerprint fingerprint() {
    return RequestFingerprint.of("TRANSFER", fromAccountId, toAccountId, amountMinor);
  }
}
