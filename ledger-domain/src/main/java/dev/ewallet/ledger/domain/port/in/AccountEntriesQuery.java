package dev.ewallet.ledger.domain.port.in;

import dev.ewallet.ledger.domain.account.AccountId;
import dev.ewallet.ledger.domain.journal.HistoryFilter;
import dev.ewallet.ledger.domain.journal.HistoryPosition;

/**
 * An account's history, keyset-paginated newest first, optionally filtered: its owner or an
 * operator. A filtered page may hold fewer entries than the limit, even none, and still name a next
 * page: storage examines a bounded number of entries per page for conditions no index serves
 * (docs/statements.md, "History filters"). Only a page without a next position is the last.
 */
public interface AccountEntriesQuery {

  int MAX_LIMIT = 100;
  int DEFAULT_LIMIT = 50;

  /**
   * @param caller never {@code null}
   * @param accountId never {@code null}
   * @param filter never {@code null}; {@link HistoryFilter#NONE} for every entry
   * @param before only entries after this position (older); {@code null} for the newest page
   * @param limit 1 to {@link #MAX_LIMIT}
   * @return never {@code null}
   * @throws dev.ewallet.ledger.domain.error.InvalidRequestException for a limit out of range
   */
  EntriesPage entries(
      Caller caller, AccountId accountId, HistoryFilter filter, HistoryPosition before, int limit);
}
