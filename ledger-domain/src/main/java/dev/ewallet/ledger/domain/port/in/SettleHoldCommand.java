package dev.ewallet.ledger.domain.port.in;

import dev.ewallet.ledger.domain.journal.IdempotencyKey;
import dev.ewallet.ledger.domain.journal.RequestFingerprint;
import dev.ewallet.ledger.domain.journal.TransactionId;

/** End a hold: {@link CaptureHoldCommand capture} it or {@link VoidHoldCommand void} it. */
public sealed interface SettleHoldCommand permits CaptureHoldCommand, VoidHoldCommand {

  Caller caller();

  IdempotencyKey idempotencyKey();

  TransactionId holdId();

  RequestFingerprint fingerprint();
}
