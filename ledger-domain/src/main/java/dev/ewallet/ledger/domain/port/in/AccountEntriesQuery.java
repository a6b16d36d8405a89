package dev.ewallet.ledger.domain.port.in;

import dev.ewallet.ledger.domain.account.AccountId;
import dev.ewallet.ledger.domain.journal.HistoryPosition;

/** An account's history, keyset-paginated newest first: its owner or an operator. */
public interface AccountEntriesQuery {

  int MAX_LIMIT = 100;
  int DEFAULT_LIMIT = 50;

  /**
   * @param caller never {@code null}
   * @param accountId never {@code null}
   * @param before only entries after this position (older); {@code null} for the newest page
   * @param limit 1 to {@link #MAX_LIMIT}
   * @return never {@code null}
   * @throws dev.ewallet.ledger.domain.error.InvalidRequestException for a limit out of range
   */
  EntriesPage entries(Caller caller, AccountId accountId, HistoryPosition before, int limit);
}
