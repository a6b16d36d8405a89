package dev.ewallet.ledger.domain.bankflow;

import dev.ewallet.ledger.domain.account.AccountId;
import dev.ewallet.ledger.domain.error.WithdrawalNotPendingException;
import dev.ewallet.ledger.domain.journal.TransactionId;
import dev.ewallet.ledger.domain.money.Money;
import java.time.Instant;
import java.util.Objects;

/**
 * Money on its way from a wallet to a bank. Its id is the id of the transaction that moved the
 * amount into the hold account; the bank's answer moves it on (completion) or back (failure), once.
 *
 * @param settledBy the completion or failure transaction; {@code null} while pending
 * @param failureReason the bank's reason for a failure; otherwise {@code null}
 * @param payee the bank account the money is paid to, as the owner named it with the request;
 *     {@code null} when the bank knows it otherwise (the simulated bank)
 */
public record Withdrawal(
    TransactionId id,
    AccountId accountId,
    Money amount,
    WithdrawalStatus status,
    TransactionId settledBy,
    String failureReason,
    Instant createdAt,
    Instant updatedAt,
    BankParty payee) {

  public Withdrawal {
    Objects.requireNonNull(id, "id");
    Objects.requireNonNull(accountId, "accountId");
    Objects.requireNonNull(amount, "amount");
    Objects.requireNonNull(status, "status");
    Objects.requireNonNull(createdAt, "createdAt");
    Objects.requireNonNull(updatedAt, "updatedAt");
    if (!amount.isPositive()) {
      throw new IllegalArgumentException("withdrawal " + id + " of " + amount);
    }
    if ((status == WithdrawalStatus.PENDING) != (settledBy == null)) {
      throw new IllegalStateException(
          "withdrawal " + id + " is " + status + ", settled by " + settledBy);
    }
  }

  public static Withdrawal requested(
      TransactionId id, AccountId accountId, Money amount, Instant at) {
    return requested(id, accountId, amount, at, null);
  }

  public static Withdrawal requested(
      TransactionId id, AccountId accountId, Money amount, Instant at, BankParty payee) {
    return new Withdrawal(
        id, accountId, amount, WithdrawalStatus.PENDING, null, null, at, at, payee);
  }

  /** The bank paid it out. */
  public Withdrawal complete(TransactionId settlement, Instant at) {
    requirePending();
    return new Withdrawal(
        id, accountId, amount, WithdrawalStatus.COMPLETED, settlement, null, createdAt, at, payee);
  }

  /** The bank refused it; the amount goes back to the wallet. */
  public Withdrawal fail(TransactionId settlement, String reason, Instant at) {
    requirePending();
    return new Withdrawal(
        id, accountId, amount, WithdrawalStatus.FAILED, settlement, reason, createdAt, at, payee);
  }

  /** Throws {@link WithdrawalNotPendingException}, naming the state, unless pending. */
  public void requirePending() {
    if (status != WithdrawalStatus.PENDING) {
      throw new WithdrawalNotPendingException(id.toString(), status.name());
    }
  }
}
