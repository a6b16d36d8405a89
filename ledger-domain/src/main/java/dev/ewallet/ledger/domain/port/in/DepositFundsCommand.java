package dev.ewallet.ledger.domain.port.in;

import dev.ewallet.ledger.domain.account.AccountId;
import dev.ewallet.ledger.domain.journal.IdempotencyKey;
import dev.ewallet.ledger.domain.journal.RequestFingerprint;
import dev.ewallet.ledger.domain.journal.TransactionDetails;

/**
 * Credit {@code amountMinor} to a wallet from the bank clearing account of its currency. A
 * reference in the details is unique among the currency's deposits.
 *
 * @param details reference, description and metadata; {@code null} for none
 */
public record DepositFundsCommand(
    Caller caller,
    IdempotencyKey idempotencyKey,
    AccountId accountId,
    long amountMinor,
    TransactionDetails details) {

  public DepositFundsCommand {
    CommandChecks.present(caller, "caller");
    CommandChecks.present(idempotencyKey, "idempotencyKey");
    CommandChecks.present(accountId, "accountId");
    CommandChecks.positiveAmount(amountMinor);
    details = details == null ? TransactionDetails.NONE : details;
  }

  /** A deposit without reference, description or metadata. */
  public DepositFundsCommand(
      Caller caller, IdempotencyKey idempotencyKey, AccountId accountId, long amountMinor) {
    this(caller, idempotencyKey, accountId, amountMinor, TransactionDetails.NONE);
  }

  public RequestFingerprint fingerprint() {
    return RequestFingerprint.of("DEPOSIT", accountId, amountMinor, details);
  }

  /** The fingerprint of the same request announcing a pending deposit. */
  public RequestFingerprint pendingFingerprint() {
    return RequestFingerprint.of("PENDING_DEPOSIT", accountId, amountMinor, details);
  }
}
