package dev.ewallet.ledger.domain.port.in;

import dev.ewallet.ledger.domain.error.InvalidRequestException;
import dev.ewallet.ledger.domain.journal.IdempotencyKey;
import dev.ewallet.ledger.domain.journal.RequestFingerprint;
import dev.ewallet.ledger.domain.journal.TransactionId;
import java.util.Objects;

/**
 * The bank refused the withdrawal: the held money goes back to the wallet.
 *
 * @param reason the bank's reason, at most 500 characters; {@code null} when it gave none
 */
public record FailWithdrawalCommand(
    Caller caller, IdempotencyKey idempotencyKey, TransactionId withdrawalId, String reason)
    implements SettleWithdrawalCommand {

  public FailWithdrawalCommand {
    CommandChecks.present(caller, "caller");
    CommandChecks.present(idempotencyKey, "idempotencyKey");
    CommandChecks.present(withdrawalId, "withdrawalId");
    if (reason != null && reason.length() > 500) {
      throw new InvalidRequestException("a failure reason is at most 500 characters");
    }
  }

  @Override
  public RequestFingerprint fingerprint() {
    return RequestFingerprint.of("WITHDRAWAL_FAILURE", withdrawalId, Objects.toString(reason, ""));
  }
}
