package dev.ewallet.ledger.domain.port.in;

import dev.ewallet.ledger.domain.journal.IdempotencyKey;
import dev.ewallet.ledger.domain.journal.RequestFingerprint;
import dev.ewallet.ledger.domain.journal.TransactionId;

/** Void a hold (its wallet's owner or an operator): all of it goes back to the wallet. */
public record VoidHoldCommand(Caller caller, IdempotencyKey idempotencyKey, TransactionId holdId)
    implements SettleHoldCommand {

  public VoidHoldCommand {
    CommandChecks.present(caller, "caller");
    CommandChecks.present(idempotencyKey, "idempotencyKey");
    CommandChecks.present(holdId, "holdId");
  }

  @Override
  public RequestFingerprint fingerprint() {
    return RequestFingerprint.of("HOLD_RELEASE", holdId, "");
  }
}
