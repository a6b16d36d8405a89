package dev.ewallet.ledger.domain.port.in;

import dev.ewallet.ledger.domain.account.AccountId;
import dev.ewallet.ledger.domain.bankflow.BankParty;
import dev.ewallet.ledger.domain.journal.IdempotencyKey;
import dev.ewallet.ledger.domain.journal.RequestFingerprint;

/**
 * Withdraw {@code amountMinor} from a wallet to the owner's bank.
 *
 * @param payee the bank account to pay; {@code null} when the bank knows it otherwise (required
 *     when the bank pays out by payment files)
 */
public record RequestWithdrawalCommand(
    Caller caller,
    IdempotencyKey idempotencyKey,
    AccountId accountId,
    long amountMinor,
    BankParty payee) {

  public RequestWithdrawalCommand {
    CommandChecks.present(caller, "caller");
    CommandChecks.present(idempotencyKey, "idempotencyKey");
    CommandChecks.present(accountId, "accountId");
    CommandChecks.positiveAmount(amountMinor);
  }

  /** A withdrawal to an account the bank knows otherwise. */
  public RequestWithdrawalCommand(
      Caller caller, IdempotencyKey idempotencyKey, AccountId accountId, long amountMinor) {
    this(caller, idempotencyKey, accountId, amountMinor, null);
  }

  /** The payee is part of the request: the same key with another payee is another request. */
  public RequestFingerprint fingerprint() {
    return payee == null
        ? RequestFingerprint.of("WITHDRAWAL", accountId, amountMinor)
        : RequestFingerprint.of(
            "WITHDRAWAL",
            accountId,
            amountMinor,
            payee.name(),
            payee.account().scheme(),
            payee.account().value(),
            payee.bic());
  }
}
