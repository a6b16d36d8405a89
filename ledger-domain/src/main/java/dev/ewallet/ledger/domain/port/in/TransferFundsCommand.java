package dev.ewallet.ledger.domain.port.in;

import dev.ewallet.ledger.domain.account.AccountId;
import dev.ewallet.ledger.domain.error.SameAccountException;
import dev.ewallet.ledger.domain.journal.IdempotencyKey;
import dev.ewallet.ledger.domain.journal.RequestFingerprint;
import dev.ewallet.ledger.domain.journal.TransactionDetails;

/**
 * Move {@code amountMinor} from one wallet to another of the same currency.
 *
 * @throws dev.ewallet.ledger.domain.error.InvalidRequestException for a missing field or an amount
 *     that is not positive
 * @throws SameAccountException when source and destination are one account
 * @param details reference, description and metadata; {@code null} for none
 */
public record TransferFundsCommand(
    Caller caller,
    IdempotencyKey idempotencyKey,
    AccountId fromAccountId,
    AccountId toAccountId,
    long amountMinor,
    TransactionDetails details) {

  public TransferFundsCommand {
    CommandChecks.present(caller, "caller");
    CommandChecks.present(idempotencyKey, "idempotencyKey");
    CommandChecks.present(fromAccountId, "fromAccountId");
    CommandChecks.present(toAccountId, "toAccountId");
    CommandChecks.positiveAmount(amountMinor);
    if (fromAccountId.equals(toAccountId)) {
      throw new SameAccountException(fromAccountId.value());
    }
    details = details == null ? TransactionDetails.NONE : details;
  }

  /** A transfer without reference, description or metadata. */
  public TransferFundsCommand(
      Caller caller,
      IdempotencyKey idempotencyKey,
      AccountId fromAccountId,
      AccountId toAccountId,
      long amountMinor) {
    this(caller, idempotencyKey, fromAccountId, toAccountId, amountMinor, TransactionDetails.NONE);
  }

  public RequestFingerprint fingerprint() {
    return RequestFingerprint.of("TRANSFER", fromAccountId, toAccountId, amountMinor, details);
  }
}
