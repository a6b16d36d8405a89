package dev.ewallet.ledger.domain.port.in;

import dev.ewallet.ledger.domain.error.InvalidRequestException;
import dev.ewallet.ledger.domain.journal.IdempotencyKey;
import dev.ewallet.ledger.domain.journal.RequestFingerprint;
import dev.ewallet.ledger.domain.journal.TransactionId;
import java.util.Objects;

/**
 * End a hold: capture it (operators; all of it, or {@code captureAmountMinor} with the rest
 * released) or release it (void; the owner or an operator).
 *
 * @param captureAmountMinor for a partial capture; {@code null} captures everything; must be {@code
 *     null} for a release
 */
public record SettleHoldCommand(
    Caller caller,
    IdempotencyKey idempotencyKey,
    TransactionId holdId,
    boolean capture,
    Long captureAmountMinor) {

  public SettleHoldCommand {
    CommandChecks.present(caller, "caller");
    CommandChecks.present(idempotencyKey, "idempotencyKey");
    CommandChecks.present(holdId, "holdId");
    if (captureAmountMinor != null) {
      if (!capture) {
        throw new InvalidRequestException("only a capture takes an amount");
      }
      CommandChecks.positiveAmount(captureAmountMinor);
    }
  }

  public RequestFingerprint fingerprint() {
    return RequestFingerprint.of(
        capture ? "HOLD_CAPTURE" : "HOLD_RELEASE",
        holdId,
        Objects.toString(captureAmountMinor, ""));
  }
}
