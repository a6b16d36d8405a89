package dev.ewallet.ledger.domain.port.in;

import dev.ewallet.ledger.domain.journal.IdempotencyKey;
import dev.ewallet.ledger.domain.journal.RequestFingerprint;
import dev.ewallet.ledger.domain.journal.TransactionId;

/** Settle the pending deposit: operators, or the system for a statement line. */
public record SettleDepositCommand(
    Caller caller, IdempotencyKey idempotencyKey, TransactionId depositId) {

  public SettleDepositCommand {
    CommandChecks.present(caller, "caller");
    CommandChecks.present(idempotencyKey, "idempotencyKey");
    CommandChecks.present(depositId, "depositId");
  }

  public RequestFingerprint fingerprint() {
    return RequestFingerprint.of("PENDING_DEPOSIT_SETTLEMENT", depositId);
  }
}
