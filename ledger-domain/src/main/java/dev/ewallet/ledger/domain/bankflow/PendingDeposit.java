package dev.ewallet.ledger.domain.bankflow;

import dev.ewallet.ledger.domain.account.AccountId;
import dev.ewallet.ledger.domain.error.PendingDepositNotPendingException;
import dev.ewallet.ledger.domain.journal.TransactionDetails;
import dev.ewallet.ledger.domain.journal.TransactionId;
import dev.ewallet.ledger.domain.money.Money;
import java.time.Instant;
import java.util.Objects;

/**
 * Money the bank announced for a wallet that has not settled: nothing is posted and nothing is
 * spendable; the wallet shows it as {@code pendingIn}. It ends exactly once: settled, when a
 * deposit of its amount and details is posted to the wallet ({@code settledBy}), or failed.
 *
 * @param id chosen when it is announced; it names no transaction (the settlement is one of its own)
 * @param details posted with the settlement; a reference is what a bank credit names to match it
 * @param settledBy the deposit transaction that settled it; {@code null} unless settled
 * @param failureReason why it failed; {@code null} unless failed
 */
public record PendingDeposit(
    TransactionId id,
    AccountId accountId,
    Money amount,
    TransactionDetails details,
    PendingDepositStatus status,
    TransactionId settledBy,
    String failureReason,
    Instant createdAt,
    Instant updatedAt) {

  public PendingDeposit {
    Objects.requireNonNull(id, "id");
    Objects.requireNonNull(accountId, "accountId");
    Objects.requireNonNull(amount, "amount");
    Objects.requireNonNull(details, "details");
    Objects.requireNonNull(status, "status");
    Objects.requireNonNull(createdAt, "createdAt");
    Objects.requireNonNull(updatedAt, "updatedAt");
    if (!amount.isPositive()) {
      throw new IllegalArgumentException("pending deposit " + id + " of " + amount);
    }
    if ((status == PendingDepositStatus.SETTLED) != (settledBy != null)
        || (status == PendingDepositStatus.FAILED) != (failureReason != null)) {
      throw new IllegalStateException(
          "pending deposit " + id + " is " + status + ", settled by " + settledBy);
    }
  }

  public static PendingDeposit announced(
      TransactionId id, AccountId accountId, Money amount, TransactionDetails details, Instant at) {
    return new PendingDeposit(
        id, accountId, amount, details, PendingDepositStatus.PENDING, null, null, at, at);
  }

  /** The deposit {@code settlement} posted it to the wallet. */
  public PendingDeposit settle(TransactionId settlement, Instant at) {
    return end(
        PendingDepositStatus.SETTLED, Objects.requireNonNull(settlement, "settlement"), null, at);
  }

  /** The money never came: nothing is posted, and it leaves the wallet's pending credits. */
  public PendingDeposit fail(String reason, Instant at) {
    return end(PendingDepositStatus.FAILED, null, Objects.requireNonNull(reason, "reason"), at);
  }

  private PendingDeposit end(
      PendingDepositStatus ended, TransactionId settlement, String reason, Instant at) {
    requirePending();
    return new PendingDeposit(
        id, accountId, amount, details, ended, settlement, reason, createdAt, at);
  }

  /** Throws {@link PendingDepositNotPendingException}, naming the state, unless pending. */
  public void requirePending() {
    if (status != PendingDepositStatus.PENDING) {
      throw new PendingDepositNotPendingException(id.toString(), status.name());
    }
  }
}
