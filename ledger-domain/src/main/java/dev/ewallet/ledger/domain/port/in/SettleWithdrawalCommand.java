package dev.ewallet.ledger.domain.port.in;

import dev.ewallet.ledger.domain.error.InvalidRequestException;
import dev.ewallet.ledger.domain.journal.IdempotencyKey;
import dev.ewallet.ledger.domain.journal.RequestFingerprint;
import dev.ewallet.ledger.domain.journal.TransactionId;
import java.util.Objects;

/**
 * The bank's answer to a withdrawal: paid out ({@code completed}) or refused, with a reason.
 *
 * @param failureReason for a refusal, at most 500 characters; {@code null} otherwise allowed
 */
public record SettleWithdrawalCommand(
    Caller caller,
    IdempotencyKey idempotencyKey,
    TransactionId withdrawalId,
    boolean completed,
    String failureReason) {

  public SettleWithdrawalCommand {
    CommandChecks.present(caller, "caller");
    CommandChecks.present(idempotencyKey, "idempotencyKey");
    CommandChecks.present(withdrawalId, "withdrawalId");
    if (failureReason != null && (completed || failureReason.length() > 500)) {
      throw new InvalidRequestException("a reason is for failures only, at most 500 characters");
    }
  }

  public RequestFingerprint fingerprint() {
    return RequestFingerprint.of(
        completed ? "WITHDRAWAL_COMPLETION" : "WITHDRAWAL_FAILURE",
        withdrawalId,
        Objects.toString(failureReason, ""));
  }
}
