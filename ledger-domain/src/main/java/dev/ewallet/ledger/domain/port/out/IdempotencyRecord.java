package dev.ewallet.ledger.domain.port.out;

import dev.ewallet.ledger.domain.journal.RequestFingerprint;
import dev.ewallet.ledger.domain.journal.TransactionId;
import dev.ewallet.ledger.domain.journal.TransactionType;

/**
 * What an earlier request with the same key posted, and what it asked for.
 *
 * @param feeMinor the fee that transaction charged; 0 for none
 */
public record IdempotencyRecord(
    TransactionId transactionId,
    TransactionType type,
    RequestFingerprint fingerprint,
    long feeMinor) {}
