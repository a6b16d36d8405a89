package dev.ewallet.ledger.verifier;

import dev.ewallet.ledger.domain.account.DetailsDigest;
import dev.ewallet.ledger.domain.account.EntryHash;
import dev.ewallet.ledger.domain.money.CurrencyCode;
import java.time.Instant;
import java.util.List;
import java.util.UUID;

/**
 * A wallet's statement as {@code GET /v1/accounts/{id}/statement} gives it: where its hash chain
 * and balance stood before the period, and each entry of the period, oldest first.
 *
 * @param openingHash the chain's end before the first entry ({@link EntryHash#GENESIS} before the
 *     account's first)
 * @param closingHash the chain's end after the last
 */
public record Statement(
    long accountId,
    CurrencyCode currency,
    long openingBalance,
    EntryHash openingHash,
    EntryHash closingHash,
    List<Entry> entries) {

  /**
   * One entry: the fields its hash covers, and the hash and balance the ledger stated.
   *
   * @param detailsDigest the digest of its transaction's details that its hash covers (the chain's
   *     version 2), or {@code null} for an entry of version 1
   */
  public record Entry(
      long entryId,
      UUID transactionId,
      long amount,
      long balanceAfter,
      Instant createdAt,
      EntryHash hash,
      DetailsDigest detailsDigest) {}

  public Statement {
    entries = List.copyOf(entries);
  }
}
