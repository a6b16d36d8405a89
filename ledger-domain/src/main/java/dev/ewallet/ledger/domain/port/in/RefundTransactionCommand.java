package dev.ewallet.ledger.domain.port.in;

import dev.ewallet.ledger.domain.journal.IdempotencyKey;
import dev.ewallet.ledger.domain.journal.RequestFingerprint;
import dev.ewallet.ledger.domain.journal.TransactionId;
import java.util.Objects;

/**
 * Pay part of a transfer back, from the payee to the payer.
 *
 * @param amountMinor positive; with the transfer's earlier refunds, at most its amount
 * @param reason why, for the audit trail; {@code null} or at most 500 characters
 */
public record RefundTransactionCommand(
    Caller caller,
    IdempotencyKey idempotencyKey,
    TransactionId transactionId,
    long amountMinor,
    String reason) {

  public RefundTransactionCommand {
    CommandChecks.present(caller, "caller");
    CommandChecks.present(idempotencyKey, "idempotencyKey");
    CommandChecks.present(transactionId, "transactionId");
    CommandChecks.positiveAmount(amountMinor);
    CommandChecks.reason(reason);
  }

  public RequestFingerprint fingerprint() {
    return RequestFingerprint.of(
        "REFUND", transactionId, amountMinor, Objects.toString(reason, ""));
  }
}
