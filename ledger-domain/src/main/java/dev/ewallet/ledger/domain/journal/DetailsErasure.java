package dev.ewallet.ledger.domain.journal;

import java.time.Instant;

/**
 * What erasing a user's personal data changed: the transactions whose description, metadata values
 * or operator's reason became {@link TransactionDetails#ERASED} (each once, ever), and the pending
 * deposits and scheduled transfers of the user's wallets whose description and metadata values did.
 * Amounts, ids, types, times, references and the hash chain stay.
 *
 * @param requestedBy the principal id of the operator who asked
 */
public record DetailsErasure(
    long userId,
    long requestedBy,
    Instant erasedAt,
    int transactions,
    int pendingDeposits,
    int scheduledTransfers) {}
