package dev.ewallet.ledger.application;

import dev.ewallet.ledger.domain.account.AccountId;
import dev.ewallet.ledger.domain.journal.IdempotencyKey;
import dev.ewallet.ledger.domain.journal.RequestFingerprint;
import dev.ewallet.ledger.domain.journal.TransactionId;
import dev.ewallet.ledger.domain.journal.TransactionType;
import dev.ewallet.ledger.domain.port.in.Caller;
import java.util.SortedSet;

/**
 * What {@link JournalPoster} needs to post one transaction.
 *
 * @param accountIds every account the plan may post to; locked in this (ascending) order
 * @param reversalOf the original, or {@code null} unless this is a reversal
 * @param reason the operator's reason, or {@code null}
 */
record PostingRequest(
    Caller caller,
    IdempotencyKey idempotencyKey,
    RequestFingerprint fingerprint,
    TransactionType type,
    SortedSet<AccountId> accountIds,
    TransactionId reversalOf,
    String reason,
    PostingPlan plan) {}
