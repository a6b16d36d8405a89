package dev.ewallet.ledger.domain.journal;

import dev.ewallet.ledger.domain.account.AccountId;
import dev.ewallet.ledger.domain.account.EntryHash;
import dev.ewallet.ledger.domain.money.Money;
import java.time.Instant;
import java.util.Objects;

/**
 * A stored line of the journal, with its transaction's type and details and its link of the
 * account's hash chain ({@link EntryHash}). Entries are append-only: the database refuses to update
 * or delete them.
 */
public record LedgerEntry(
    long entryId,
    TransactionId transactionId,
    TransactionType type,
    AccountId accountId,
    Money amount,
    Money balanceAfter,
    Instant createdAt,
    TransactionDetails details,
    EntryHash hash) {

  public LedgerEntry {
    Objects.requireNonNull(transactionId, "transactionId");
    Objects.requireNonNull(type, "type");
    Objects.requireNonNull(accountId, "accountId");
    Objects.requireNonNull(amount, "amount");
    Objects.requireNonNull(balanceAfter, "balanceAfter");
    Objects.requireNonNull(createdAt, "createdAt");
    Objects.requireNonNull(details, "details");
    Objects.requireNonNull(hash, "hash");
    if (amount.isZero()) {
      throw new IllegalStateException("entry " + entryId + " has a zero amount");
    }
  }

  public Posting posting() {
    return new Posting(accountId, amount);
  }
}
