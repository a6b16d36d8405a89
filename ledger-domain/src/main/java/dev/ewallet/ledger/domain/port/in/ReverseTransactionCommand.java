package dev.ewallet.ledger.domain.port.in;

import dev.ewallet.ledger.domain.error.InvalidRequestException;
import dev.ewallet.ledger.domain.journal.IdempotencyKey;
import dev.ewallet.ledger.domain.journal.RequestFingerprint;
import dev.ewallet.ledger.domain.journal.TransactionId;
import java.util.Objects;

/**
 * Post the exact negation of a transaction.
 *
 * @param reason why, for the audit trail; {@code null} or at most {@link #MAX_REASON_LENGTH}
 *     characters
 */
public record ReverseTransactionCommand(
    Caller caller, IdempotencyKey idempotencyKey, TransactionId transactionId, String reason) {

  public static final int MAX_REASON_LENGTH = 500;

  public ReverseTransactionCommand {
    CommandChecks.present(caller, "caller");
    CommandChecks.present(idempotencyKey, "idempotencyKey");
    CommandChecks.present(transactionId, "transactionId");
    if (reason != null && reason.length() > MAX_REASON_LENGTH) {
      throw new InvalidRequestException(
          "reason takes at most " + MAX_REASON_LENGTH + " characters");
    }
  }

  public RequestFingerprint fingerprint() {
    return RequestFingerprint.of("REVERSAL", transactionId, Objects.toString(reason, ""));
  }
}
