package dev.ewallet.ledger.domain.port.in;

import dev.ewallet.ledger.domain.account.AccountId;
import dev.ewallet.ledger.domain.journal.LedgerEntry;
import java.time.Instant;
import java.util.function.Consumer;

/**
 * An account's statement of a period {@code [from, to)}: the owner or an operator. A statement in
 * one answer holds at most {@link #MAX_ENTRIES} entries; a streamed one any number, never held in
 * memory together.
 */
public interface StatementQuery {

  /** The most entries one statement answer holds. */
  int MAX_ENTRIES = 10_000;

  /**
   * @return the statement with its entries, oldest first
   * @throws dev.ewallet.ledger.domain.error.StatementTooLargeException above {@link #MAX_ENTRIES}
   * @throws dev.ewallet.ledger.domain.error.InvalidRequestException when {@code from} is not before
   *     {@code to}, or the period starts in archived history
   * @throws dev.ewallet.ledger.domain.error.AccountNotFoundException when there is no such account
   * @throws dev.ewallet.ledger.domain.error.AccessDeniedException when the caller may not read it
   */
  Statement statement(Caller caller, AccountId accountId, Instant from, Instant to);

  /**
   * The statement's totals, without entries, checked as {@link #statement} checks it: what a caller
   * asks before streaming the entries with {@link #streamEntries}.
   */
  Statement totals(Caller caller, AccountId accountId, Instant from, Instant to);

  /**
   * Hands the period's entries to {@code sink} one at a time, oldest first, as they are read. The
   * period and the caller's right are checked before any entry is handed over; whether the period
   * reaches into archived history is not: ask {@link #totals} first.
   */
  void streamEntries(
      Caller caller, AccountId accountId, Instant from, Instant to, Consumer<LedgerEntry> sink);
}
