package dev.ewallet.ledger.domain.port.out;

import dev.ewallet.ledger.domain.account.AccountId;
import dev.ewallet.ledger.domain.account.UserId;
import dev.ewallet.ledger.domain.journal.HistoryFilter;
import dev.ewallet.ledger.domain.journal.HistoryPosition;
import dev.ewallet.ledger.domain.journal.LedgerEntry;
import dev.ewallet.ledger.domain.port.in.AccountView;
import dev.ewallet.ledger.domain.port.in.BalanceAt;
import dev.ewallet.ledger.domain.port.in.Statement;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * What clients read of accounts: balances with what is held, and history pages. Each answer is one
 * consistent reading of committed state, taken outside any unit of work, and locks nothing: reads
 * far outnumber postings, so an adapter should answer each call with a single statement.
 */
public interface AccountReads {

  /**
   * @param id never {@code null}
   * @return the account as it stands (read at one instant, held amount and merchant total
   *     included), or empty when there is no such account
   */
  Optional<AccountView> find(AccountId id);

  /**
   * @param owner never {@code null}
   * @return the owner's accounts (merchants with their shards summed, shards not listed), oldest
   *     first; empty when none
   */
  List<AccountView> findByOwner(UserId owner);

  /**
   * One page of an account's history, newest first ({@link HistoryPosition#NEWEST_FIRST}). A
   * merchant's page merges its main account's entries with its shards' in that order. An adapter
   * may stop examining entries for the filter's conditions before it has found {@code limit}: it
   * then says where it stopped ({@link AccountHistory#examinedTo()}), so that every request does
   * bounded work however rare the matching entries are.
   *
   * @param id never {@code null}
   * @param filter never {@code null}; only the entries it {@linkplain HistoryFilter#matches
   *     matches}
   * @param before only entries after this position (older); {@code null} for the newest
   * @param limit the most entries to return, at least 1
   * @return the account with the page, or empty when there is no such account
   */
  Optional<AccountHistory> history(
      AccountId id, HistoryFilter filter, HistoryPosition before, int limit);

  /**
   * The account's balance at an instant: the {@code balance_after} of its last entry at or before
   * it (one index lookup per account, nothing summed; for a merchant, per account and shard).
   *
   * @return the account with that balance, or empty when there is no such account; {@code archived}
   *     is true when no retained entry is at or before the instant but archived ones are, so the
   *     balance there is not in the journal any more
   */
  Optional<Snapshot> balanceAt(AccountId id, Instant at);

  /** An account's balance at an instant, as stored. */
  record Snapshot(BalanceAt balance, boolean archived) {}

  /**
   * A period's totals in one reading: the balance before its first entry, its credits, debits and
   * entry count (for a merchant, its own and its shards'); no entries.
   *
   * @return empty when there is no such account; {@code archived} when the balance before the
   *     period is only in archived entries, so the period may start in archived history
   */
  Optional<PeriodTotals> periodTotals(AccountId id, Instant from, Instant to);

  /** A period's totals, as stored. */
  record PeriodTotals(Statement statement, boolean archived) {}

  /**
   * Hands the entries of {@code [from, to)} to {@code sink}, oldest first, as they are read from
   * storage: never all in memory at once, whatever their number.
   */
  void periodEntries(AccountId id, Instant from, Instant to, Consumer<LedgerEntry> sink);
}
