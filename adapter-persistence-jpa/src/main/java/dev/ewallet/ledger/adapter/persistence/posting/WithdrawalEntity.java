package dev.ewallet.ledger.adapter.persistence.posting;

import dev.ewallet.ledger.adapter.persistence.PayeeColumns;
import dev.ewallet.ledger.domain.account.AccountId;
import dev.ewallet.ledger.domain.bankflow.Withdrawal;
import dev.ewallet.ledger.domain.bankflow.WithdrawalStatus;
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
 * The lock side of a {@code withdrawal} row ({@link RowLocks}). Rows are written by the posting
 * path's SQL in the same transaction and read by plain statements; entities are loaded only to lock
 * and never flushed.
 */
@Entity
@Table(name = "withdrawal")
class WithdrawalEntity {

  @Id private UUID id;

  @Column(name = "account_id")
  private long accountId;

  @Column(name = "currency", columnDefinition = "char(3)")
  private String currency;

  @Column(name = "amount")
  private long amount;

  @Enumerated(EnumType.STRING)
  @Column(name = "status")
  private WithdrawalStatus status;

  @Column(name = "settled_by")
  private UUID settledBy;

  @Column(name = "failure_reason")
  private String failureReason;

  @Column(name = "created_at")
  private Instant createdAt;

  @Column(name = "updated_at")
  private Instant updatedAt;

  @Column(name = "payee_name")
  private String payeeName;

  @Column(name = "payee_scheme")
  private String payeeScheme;

  @Column(name = "payee_account")
  private String payeeAccount;

  @Column(name = "payee_bic")
  private String payeeBic;

  protected WithdrawalEntity() {}

  Withdrawal toDomain() {
    return new Withdrawal(
        TransactionId.of(id),
        AccountId.of(accountId),
        Money.of(amount, CurrencyCode.of(currency)),
        status,
        settledBy == null ? null : TransactionId.of(settledBy),
        failureReason,
        createdAt,
        updatedAt,
        PayeeColumns.payee(payeeName, payeeScheme, payeeAccount, payeeBic));
  }
}
