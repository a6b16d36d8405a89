package dev.ewallet.ledger.domain.port.in;

import dev.ewallet.ledger.domain.error.InvalidRequestException;
import dev.ewallet.ledger.domain.journal.IdempotencyKey;
import dev.ewallet.ledger.domain.journal.TransactionId;

/**
 * Fail the pending deposit.
 *
 * @param reason why, at most 500 characters; a blank or missing one is {@link #DEFAULT_REASON}
 */
public record FailDepositCommand(
    Caller caller, IdempotencyKey idempotencyKey, TransactionId depositId, String reason) {

  public static final String DEFAULT_REASON = "the bank did not settle it";
  public static final int MAX_REASON = 500;

  public FailDepositCommand {
    CommandChecks.present(caller, "caller");
    CommandChecks.present(idempotencyKey, "idempotencyKey");
    CommandChecks.present(depositId, "depositId");
    reason = reason == null || reason.isBlank() ? DEFAULT_REASON : reason;
    if (reason.length() > MAX_REASON) {
      throw new InvalidRequestException(
          "a failure reason is at most " + MAX_REASON + " characters");
    }
  }
}
