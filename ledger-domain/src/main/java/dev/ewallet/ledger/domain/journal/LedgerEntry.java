package dev.ewallet.ledger.domain.journal;

import dev.ewallet.ledger.domain.account.AccountId;
import dev.ewallet.ledger.domain.account.DetailsDigest;
import dev.ewallet.ledger.domain.account.EntryHash;
import dev.ewallet.ledger.domain.money.Money;
import java.time.Instant;
import java.util.Objects;

/**
 * A stored line of the journal, with its transaction's type and details and its link of the
 * account's hash chain ({@link EntryHash}). Entries are append-only: the database refuses to update
 * or delete them.
 *
 * @param detailsDigest what the entry's link commits to of its transaction's details (chain version
 *     2); {@code null} for a transaction without details (whose link commits to {@link
 *     DetailsDigest#NO_DETAILS}, kept nowhere) or posted before version 2
 * @param detailsErased whether the transaction's personal data was erased: its details then show
 *     {@link TransactionDetails#ERASED} and no longer give its digest
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
    EntryHash hash,
    DetailsDigest detailsDigest,
    boolean detailsErased) {

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

  /**
   * Whether the details shown are those the chain committed to: always for an entry of chain
   * version 1 (which commits to none) and for erased details (whose text is gone by design).
   */
  public boolean detailsMatchDigest() {
    return detailsDigest == null || detailsErased || details.digest().equals(detailsDigest);
  }

  public Posting posting() {
    return new Posting(accountId, amount);
  }
}
