package dev.ewallet.ledger.adapter.persistence.posting;

import dev.ewallet.ledger.adapter.persistence.MetadataJson;
import dev.ewallet.ledger.domain.account.DetailsDigest;
import dev.ewallet.ledger.domain.journal.TransactionDetails;
import dev.ewallet.ledger.domain.journal.TransactionType;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.EnumType;
import jakarta.persistence.Enumerated;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import java.time.Instant;
import java.util.UUID;
import org.hibernate.annotations.Immutable;

/** The read side of a {@code journal_transaction} row; rows are written by the posting SQL. */
@Entity
@Immutable
@Table(name = "journal_transaction")
class JournalTransactionEntity {

  @Id private UUID id;

  @Enumerated(EnumType.STRING)
  @Column(name = "type")
  private TransactionType type;

  @Column(name = "reversal_of")
  private UUID reversalOf;

  @Column(name = "refund_of")
  private UUID refundOf;

  @Column(name = "fee")
  private Long fee;

  @Column(name = "reason")
  private String reason;

  @Column(name = "created_at")
  private Instant createdAt;

  @Column(name = "reference")
  private String reference;

  @Column(name = "description")
  private String description;

  /** Read as its JSON text; rows are written by the posting SQL, never through this entity. */
  @Column(name = "metadata")
  private String metadata;

  /** Null for a transaction posted before the hash chain's version 2. */
  @Column(name = "details_digest")
  private byte[] detailsDigest;

  @Column(name = "details_erased_at")
  private Instant detailsErasedAt;

  protected JournalTransactionEntity() {}

  UUID id() {
    return id;
  }

  TransactionType type() {
    return type;
  }

  /** The fee the transaction charged its payer; 0 for none. */
  long feeMinor() {
    return fee == null ? 0 : fee;
  }

  /** The transaction this one reverses or refunds, or {@code null}. */
  UUID original() {
    return reversalOf != null ? reversalOf : refundOf;
  }

  String reason() {
    return reason;
  }

  Instant createdAt() {
    return createdAt;
  }

  TransactionDetails details() {
    return MetadataJson.details(reference, description, metadata);
  }

  /** What its entries' links commit to of its details; {@code null} before chain version 2. */
  DetailsDigest detailsDigest() {
    return detailsDigest == null ? null : DetailsDigest.of(detailsDigest);
  }

  boolean detailsErased() {
    return detailsErasedAt != null;
  }
}
