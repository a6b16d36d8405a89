package dev.ewallet.ledger.application;

import dev.ewallet.ledger.domain.journal.TransactionId;
import java.time.Instant;

/**
 * Builds the transaction from the rows as they are once locked, and refuses it (by throwing a
 * {@code LedgerException}) when a rule of the use case forbids it. A plan writes nothing: what it
 * changes besides balances it returns in its {@link Planned}, and the poster stores it.
 */
@FunctionalInterface
interface PostingPlan {

  Planned build(LockedRows locked, TransactionId id, Instant at);
}
