package dev.ewallet.ledger.domain.port.in;

import dev.ewallet.ledger.domain.journal.IdempotencyKey;
import dev.ewallet.ledger.domain.journal.RequestFingerprint;
import dev.ewallet.ledger.domain.journal.TransactionId;

/** The bank paid the withdrawal out: the held money moves to payout clearing. */
public record CompleteWithdrawalCommand(
    Caller caller, IdempotencyKey idempotencyKey, TransactionId withdrawalId)
    implements SettleWithdrawalCommand {

  public CompleteWithdrawalCommand {
    CommandChecks.present(caller, "caller");
    CommandChecks.present(idempotencyKey, "idempotencyKey");
    CommandChecks.present(withdrawalId, "withdrawalId");
  }

  @Override
  public RequestFingerprint fingerprint() {
    return RequestFingerprint.of("WITHDRAWAL_COMPLETION", withdrawalId, "");
  }
}
