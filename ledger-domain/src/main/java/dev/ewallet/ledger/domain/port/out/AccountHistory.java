package dev.ewallet.ledger.domain.port.out;

import dev.ewallet.ledger.domain.account.Account;
import dev.ewallet.ledger.domain.journal.LedgerEntry;
import java.util.List;
import java.util.Objects;

/**
 * An account with one page of its entries, newest first, read together.
 *
 * @param account the account, so that the caller's right to read it is checked on the same reading
 */
public record AccountHistory(Account account, List<LedgerEntry> entries) {

  public AccountHistory {
    Objects.requireNonNull(account, "account");
    entries = List.copyOf(entries);
  }
}
