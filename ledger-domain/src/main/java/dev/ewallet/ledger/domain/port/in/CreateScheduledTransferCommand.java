package dev.ewallet.ledger.domain.port.in;

import dev.ewallet.ledger.domain.account.AccountId;
import dev.ewallet.ledger.domain.journal.IdempotencyKey;
import dev.ewallet.ledger.domain.journal.RequestFingerprint;
import dev.ewallet.ledger.domain.journal.TransactionDetails;
import dev.ewallet.ledger.domain.schedule.Recurrence;
import java.time.Duration;
import java.time.Instant;

/**
 * Schedule a transfer from the caller's wallet: first at {@code firstAt}, then as {@code
 * recurrence} says; each run tried at most {@code attempts} times, {@code retryEvery} apart.
 *
 * @param details the reference, description and metadata each run's transfer carries
 */
public record CreateScheduledTransferCommand(
    Caller caller,
    IdempotencyKey idempotencyKey,
    AccountId fromAccountId,
    AccountId toAccountId,
    long amountMinor,
    TransactionDetails details,
    Instant firstAt,
    Recurrence recurrence,
    int attempts,
    Duration retryEvery) {

  public CreateScheduledTransferCommand {
    CommandChecks.present(caller, "caller");
    CommandChecks.present(idempotencyKey, "idempotencyKey");
    CommandChecks.present(fromAccountId, "fromAccountId");
    CommandChecks.present(toAccountId, "toAccountId");
    CommandChecks.present(details, "details");
    CommandChecks.present(firstAt, "firstAt");
    CommandChecks.present(recurrence, "recurrence");
    CommandChecks.present(retryEvery, "retryEvery");
    CommandChecks.positiveAmount(amountMinor);
  }

  public RequestFingerprint fingerprint() {
    return RequestFingerprint.of(
        "SCHEDULED_TRANSFER",
        fromAccountId,
        toAccountId,
        amountMinor,
        details.reference(),
        details.description(),
        details.metadata(),
        firstAt,
        recurrence,
        attempts,
        retryEvery);
  }
}
