package dev.ewallet.ledger.domain.port.in;

import dev.ewallet.ledger.domain.journal.IdempotencyKey;
import dev.ewallet.ledger.domain.journal.RequestFingerprint;
import dev.ewallet.ledger.domain.journal.TransactionId;
import java.util.Objects;

/**
 * Post the exact negation of a transaction.
 *
 * @param reason why, for the audit trail; {@code null} or at most 500 characters
 */
public record ReverseTransactionCommand(
    Caller caller, IdempotencyKey idempotencyKey, TransactionId transactionId, String reason) {

  public ReverseTransactionCommand {
    CommandChecks.present(caller, "caller");
    CommandChecks.present(idempotencyKey, "idempotencyKey");
    CommandChecks.present(transactionId, "transactionId");
    CommandChecks.reason(reason);
  }

  public RequestFingerprint fingerprint() {
    return RequestFingerprint.of("REVERSAL", transactionId, Objects.toString(reason, ""));
  }
}
