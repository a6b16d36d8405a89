package dev.ewallet.ledger.domain.port.in;

import dev.ewallet.ledger.domain.journal.IdempotencyKey;
import dev.ewallet.ledger.domain.journal.RequestFingerprint;
import dev.ewallet.ledger.domain.journal.TransactionId;

/**
 * The bank's answer to a withdrawal: {@link CompleteWithdrawalCommand paid out} or {@link
 * FailWithdrawalCommand refused}. Operators only.
 */
public sealed interface SettleWithdrawalCommand
    permits CompleteWithdrawalCommand, FailWithdrawalCommand {

  Caller caller();

  IdempotencyKey idempotencyKey();

  TransactionId withdrawalId();

  RequestFingerprint fingerprint();
}
