package dev.ewallet.ledger.domain.port.in;

import dev.ewallet.ledger.domain.journal.LedgerEntry;
import java.util.List;

/**
 * One page of an account's history, newest first.
 *
 * @param nextBeforeEntryId where the next page starts (exclusive), or {@code null} on the last page
 */
public record EntriesPage(List<LedgerEntry> items, Long nextBeforeEntryId) {

  public EntriesPage {
    items = List.copyOf(items);
  }
}
