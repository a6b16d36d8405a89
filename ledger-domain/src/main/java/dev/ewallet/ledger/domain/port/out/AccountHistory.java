package dev.ewallet.ledger.domain.port.out;

import dev.ewallet.ledger.domain.account.Account;
import dev.ewallet.ledger.domain.journal.HistoryPosition;
import dev.ewallet.ledger.domain.journal.LedgerEntry;
import java.util.List;
import java.util.Objects;

/**
 * An account with one page of its entries, newest first, read together.
 *
 * @param account the account, so that the caller's right to read it is checked on the same reading
 * @param entries the entries that passed the filter, newest first
 * @param examinedTo when storage stopped examining entries before it found as many as asked for and
 *     before the end of the history: the last entry it examined, where the next page resumes;
 *     otherwise {@code null}
 */
public record AccountHistory(
    Account account, List<LedgerEntry> entries, HistoryPosition examinedTo) {

  public AccountHistory {
    Objects.requireNonNull(account, "account");
    entries = List.copyOf(entries);
  }

  /** A page read to the end of what was asked: every entry up to it examined. */
  public AccountHistory(Account account, List<LedgerEntry> entries) {
    this(account, entries, null);
  }
}
