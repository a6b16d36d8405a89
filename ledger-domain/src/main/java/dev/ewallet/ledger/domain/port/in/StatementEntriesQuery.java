package dev.ewallet.ledger.domain.port.in;

import dev.ewallet.ledger.domain.account.AccountId;
import dev.ewallet.ledger.domain.journal.LedgerEntry;
import java.time.Instant;
import java.util.function.Consumer;

/** A statement's entries, streamed: any number, never all in memory at once. */
public interface StatementEntriesQuery {

  /**
   * Hands the period's entries to {@code sink} one at a time, oldest first, as they are read. The
   * period and the caller's right are checked before any entry is handed over; whether the period
   * reaches into archived history is not: ask {@link StatementTotalsQuery} first.
   */
  void streamEntries(
      Caller caller, AccountId accountId, Instant from, Instant to, Consumer<LedgerEntry> sink);
}
