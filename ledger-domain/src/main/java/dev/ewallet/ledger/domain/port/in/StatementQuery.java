package dev.ewallet.ledger.domain.port.in;

import dev.ewallet.ledger.domain.account.AccountId;
import java.time.Instant;

/**
 * An account's statement of a period {@code [from, to)} in one answer: the owner or an operator. It
 * holds at most {@link #MAX_ENTRIES} entries; {@link StatementTotalsQuery} and {@link
 * StatementEntriesQuery} stream any number, never held in memory together.
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
}
