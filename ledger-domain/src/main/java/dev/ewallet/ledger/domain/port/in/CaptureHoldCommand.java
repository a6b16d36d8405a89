package dev.ewallet.ledger.domain.port.in;

import dev.ewallet.ledger.domain.journal.IdempotencyKey;
import dev.ewallet.ledger.domain.journal.RequestFingerprint;
import dev.ewallet.ledger.domain.journal.TransactionId;
import java.util.Objects;

/**
 * Capture a hold (operators): all of it, or {@code amountMinor} of it with the rest released to the
 * wallet.
 *
 * @param amountMinor for a partial capture, positive; {@code null} captures everything
 */
public record CaptureHoldCommand(
    Caller caller, IdempotencyKey idempotencyKey, TransactionId holdId, Long amountMinor)
    implements SettleHoldCommand {

  public CaptureHoldCommand {
    CommandChecks.present(caller, "caller");
    CommandChecks.present(idempotencyKey, "idempotencyKey");
    CommandChecks.present(holdId, "holdId");
    if (amountMinor != null) {
      CommandChecks.positiveAmount(amountMinor);
    }
  }

  @Override
  public RequestFingerprint fingerprint() {
    return RequestFingerprint.of("HOLD_CAPTURE", holdId, Objects.toString(amountMinor, ""));
  }
}
