package dev.ewallet.ledger.adapter.persistence.posting;

import dev.ewallet.ledger.domain.account.AccountId;
import dev.ewallet.ledger.domain.bankflow.Hold;
import dev.ewallet.ledger.domain.bankflow.HoldStatus;
import dev.ewallet.ledger.domain.journal.TransactionId;
import dev.ewallet.ledger.domain.money.CurrencyCode;
import dev.ewallet.ledger.domain.money.Money;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.EnumType;
import jakarta.persistence.Enumerated;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import java.time.Instant;
import java.util.UUID;

/**
 * The lock side of a {@code hold} row ({@link RowLocks}). Rows are written by the posting path's
 * SQL in the same transaction and read by plain statements; entities are loaded only to lock and
 * never flushed.
 */
@Entity
@Table(name = "hold")
class HoldEntity {

  @Id private UUID id;

  @Column(name = "account_id")
  private long accountId;

  @Column(name = "destination_account_id")
  private long destinationAccountId;

  @Column(name = "currency", columnDefinition = "char(3)")
  private String currency;

  @Column(name = "amount")
  private long amount;

  @Column(name = "captured_amount")
  private long capturedAmount;

  @Enumerated(EnumType.STRING)
  @Column(name = "status")
  private HoldStatus status;

  @Column(name = "expires_at")
  private Instant expiresAt;

  @Column(name = "settled_by")
  private UUID settledBy;

  @Column(name = "created_at")
  private Instant createdAt;

  @Column(name = "updated_at")
  private Instant updatedAt;

  protected HoldEntity() {}

  Hold toDomain() {
    CurrencyCode code = CurrencyCode.of(currency);
    return new Hold(
        TransactionId.of(id),
        AccountId.of(accountId),
        AccountId.of(destinationAccountId),
        Money.of(amount, code),
        Money.of(capturedAmount, code),
        status,
        expiresAt,
        settledBy == null ? null : TransactionId.of(settledBy),
        createdAt,
        updatedAt);
  }
}
