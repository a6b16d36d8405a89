package dev.ewallet.ledger.adapter.persistence.posting;

import dev.ewallet.ledger.domain.account.Account;
import dev.ewallet.ledger.domain.account.AccountKind;
import dev.ewallet.ledger.domain.account.AccountStatus;
import dev.ewallet.ledger.domain.account.EntryHash;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.EnumType;
import jakarta.persistence.Enumerated;
import jakarta.persistence.GeneratedValue;
import jakarta.persistence.GenerationType;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import java.time.Instant;
import org.hibernate.annotations.Generated;

/**
 * The {@code account} row. JPA opens accounts, lists a merchant's shards and locks rows for
 * posting; balances change only through the posting SQL of {@link
 * JpaAccountRepositoryAdapter#applyPostings}, so the entity never writes one.
 */
@Entity
@Table(name = "account")
public class AccountEntity {

  @Id
  @GeneratedValue(strategy = GenerationType.IDENTITY)
  private Long id;

  @Column(name = "owner_id", updatable = false)
  private Long ownerId;

  @Column(name = "currency", nullable = false, updatable = false, columnDefinition = "char(3)")
  private String currency;

  @Enumerated(EnumType.STRING)
  @Column(name = "kind", nullable = false, updatable = false)
  private AccountKind kind;

  @Column(name = "balance", nullable = false, updatable = false)
  private long balance;

  @Column(name = "allow_negative", nullable = false, updatable = false)
  private boolean allowNegative;

  @Column(name = "created_at", nullable = false, updatable = false)
  private Instant createdAt;

  @Column(name = "parent_id", updatable = false)
  private Long parentId;

  @Column(name = "shard_no", updatable = false)
  private Integer shardNo;

  @Column(name = "last_entry_at", insertable = false, updatable = false)
  private Instant lastEntryAt;

  /** The end of the account's hash chain; the database's default (genesis) for a new account. */
  @Column(name = "last_hash", insertable = false, updatable = false)
  private byte[] lastHash;

  /**
   * Set by the database on insert (active, or a new shard's merchant's status) and read back then;
   * changed only by an operator's freeze or unfreeze, in native SQL under the row lock.
   */
  @Generated
  @Enumerated(EnumType.STRING)
  @Column(name = "status", insertable = false, updatable = false)
  private AccountStatus status;

  protected AccountEntity() {}

  AccountEntity(
      Long ownerId,
      String currency,
      AccountKind kind,
      Instant createdAt,
      Long parentId,
      Integer shardNo) {
    this.ownerId = ownerId;
    this.currency = currency;
    this.kind = kind;
    this.allowNegative = kind.allowsNegative();
    this.createdAt = createdAt;
    this.parentId = parentId;
    this.shardNo = shardNo;
  }

  Account toDomain() {
    return Account.rehydrate(
        id,
        ownerId,
        currency,
        kind,
        balance,
        createdAt,
        parentId,
        lastEntryAt,
        lastHash == null ? EntryHash.GENESIS : EntryHash.of(lastHash),
        status);
  }
}
