package dev.ewallet.ledger.domain.port.in;

import dev.ewallet.ledger.domain.account.Account;
import dev.ewallet.ledger.domain.account.EntryHash;
import dev.ewallet.ledger.domain.journal.LedgerEntry;
import dev.ewallet.ledger.domain.money.Money;
import java.time.Instant;
import java.util.List;
import java.util.Objects;

/**
 * An account's statement of a period {@code [from, to)}: the balance before its first entry and
 * after its last, the credits and debits between, and the entries oldest first (for a merchant, its
 * own and its shards'). {@code closing = opening + totalCredits - totalDebits}.
 *
 * @param openingHash the account's hash chain before the period's first entry (the hash of the last
 *     entry before {@code from}, or where the chain starts); {@code null} for a merchant with
 *     shards, whose entries lie on several chains
 * @param closingHash the chain after the period's last entry; {@code null} as {@code openingHash}
 * @param entries oldest first; empty for a statement streamed entry by entry
 */
public record Statement(
    Account account,
    Instant from,
    Instant to,
    Money opening,
    Money totalCredits,
    Money totalDebits,
    long entryCount,
    EntryHash openingHash,
    EntryHash closingHash,
    List<LedgerEntry> entries) {

  public Statement {
    Objects.requireNonNull(account, "account");
    Objects.requireNonNull(from, "from");
    Objects.requireNonNull(to, "to");
    Objects.requireNonNull(opening, "opening");
    Objects.requireNonNull(totalCredits, "totalCredits");
    Objects.requireNonNull(totalDebits, "totalDebits");
    entries = List.copyOf(entries);
  }

  public Money closing() {
    return opening.plus(totalCredits).plus(totalDebits.negate());
  }
}
