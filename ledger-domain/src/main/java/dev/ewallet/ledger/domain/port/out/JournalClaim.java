package dev.ewallet.ledger.domain.port.out;

import dev.ewallet.ledger.domain.account.DetailsDigest;
import dev.ewallet.ledger.domain.journal.IdempotencyKey;
import dev.ewallet.ledger.domain.journal.RequestFingerprint;
import dev.ewallet.ledger.domain.journal.TransactionDetails;
import dev.ewallet.ledger.domain.journal.TransactionId;
import dev.ewallet.ledger.domain.journal.TransactionType;
import dev.ewallet.ledger.domain.journal.UniqueReference;
import java.time.Instant;
import java.util.Objects;

/**
 * The header of a transaction about to be posted, which also claims its idempotency key.
 *
 * @param principalId whom the key belongs to: the caller's user id, 0 for the system
 * @param original the transaction this one reverses or refunds, or {@code null} unless it is a
 *     reversal or a refund
 * @param reason the operator's reason, or {@code null}
 * @param details the client's reference, description and metadata
 * @param uniqueReference the reference no other deposit of its currency may carry, or {@code null}
 * @param feeMinor the fee the transaction charges its payer; 0 for none
 * @param detailsDigest the digest of {@code details} its entries' links commit to
 */
public record JournalClaim(
    TransactionId transactionId,
    TransactionType type,
    long principalId,
    IdempotencyKey idempotencyKey,
    RequestFingerprint fingerprint,
    TransactionId original,
    String reason,
    Instant createdAt,
    TransactionDetails details,
    UniqueReference uniqueReference,
    long feeMinor,
    DetailsDigest detailsDigest) {

  /** The header of a transaction that charges no fee. */
  public JournalClaim(
      TransactionId transactionId,
      TransactionType type,
      long principalId,
      IdempotencyKey idempotencyKey,
      RequestFingerprint fingerprint,
      TransactionId original,
      String reason,
      Instant createdAt,
      TransactionDetails details,
      UniqueReference uniqueReference) {
    this(
        transactionId,
        type,
        principalId,
        idempotencyKey,
        fingerprint,
        original,
        reason,
        createdAt,
        details,
        uniqueReference,
        0,
        details.digest());
  }

  public JournalClaim {
    Objects.requireNonNull(transactionId, "transactionId");
    Objects.requireNonNull(type, "type");
    Objects.requireNonNull(idempotencyKey, "idempotencyKey");
    Objects.requireNonNull(fingerprint, "fingerprint");
    Objects.requireNonNull(createdAt, "createdAt");
    Objects.requireNonNull(details, "details");
    Objects.requireNonNull(detailsDigest, "detailsDigest");
  }

  /**
   * The digest storage keeps: none for a transaction without details, whose entries' links commit
   * to {@code DetailsDigest.NO_DETAILS}, so that reading them needs no transaction row.
   */
  public DetailsDigest storedDetailsDigest() {
    return details.isEmpty() ? null : detailsDigest;
  }
}
