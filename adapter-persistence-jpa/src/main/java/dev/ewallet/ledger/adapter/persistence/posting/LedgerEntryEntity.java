package dev.ewallet.ledger.adapter.persistence.posting;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import java.time.Instant;
import java.util.UUID;
import org.hibernate.annotations.Immutable;

/** The read side of a {@code ledger_entry} row; rows are written by the posting SQL. */
@Entity
@Immutable
@Table(name = "ledger_entry")
class LedgerEntryEntity {

  @Id private Long id;

  @Column(name = "transaction_id")
  private UUID transactionId;

  @Column(name = "account_id")
  private Long accountId;

  @Column(name = "amount")
  private long amount;

  @Column(name = "balance_after")
  private long balanceAfter;

  @Column(name = "created_at")
  private Instant createdAt;

  @Column(name = "hash")
  private byte[] hash;

  protected LedgerEntryEntity() {}
}
