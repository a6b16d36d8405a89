package dev.ewallet.ledger.domain.bankflow;

import dev.ewallet.ledger.domain.account.AccountId;
import dev.ewallet.ledger.domain.error.HoldNotPendingException;
import dev.ewallet.ledger.domain.error.InvalidRequestException;
import dev.ewallet.ledger.domain.journal.TransactionId;
import dev.ewallet.ledger.domain.money.Money;
import java.time.Instant;
import java.util.Objects;

/**
 * Funds reserved in a wallet for a later capture (an authorization). Its id is the id of the
 * transaction that moved the amount into the hold account. It ends exactly once: captured (fully or
 * partly, the rest released), voided, or expired at {@code expiresAt}.
 *
 * @param capturedAmount what a capture paid the destination; zero unless captured
 * @param settledBy the capture or release transaction; {@code null} while pending
 */
public record Hold(
    TransactionId id,
    AccountId accountId,
    AccountId destinationAccountId,
    Money amount,
    Money capturedAmount,
    HoldStatus status,
    Instant expiresAt,
    TransactionId settledBy,
    Instant createdAt,
    Instant updatedAt) {

  public Hold {
    Objects.requireNonNull(id, "id");
    Objects.requireNonNull(accountId, "accountId");
    Objects.requireNonNull(destinationAccountId, "destinationAccountId");
    Objects.requireNonNull(amount, "amount");
    Objects.requireNonNull(capturedAmount, "capturedAmount");
    Objects.requireNonNull(status, "status");
    Objects.requireNonNull(expiresAt, "expiresAt");
    Objects.requireNonNull(createdAt, "createdAt");
    Objects.requireNonNull(updatedAt, "updatedAt");
    if (!amount.isPositive() || capturedAmount.isNegative()) {
      throw new IllegalArgumentException(
          "hold " + id + " of " + amount + ", captured " + capturedAmount);
    }
    if ((status == HoldStatus.PENDING) != (settledBy == null)) {
      throw new IllegalStateException("hold " + id + " is " + status + ", settled by " + settledBy);
    }
  }

  public static Hold placed(
      TransactionId id,
      AccountId accountId,
      AccountId destinationAccountId,
      Money amount,
      Instant expiresAt,
      Instant at) {
    return new Hold(
        id,
        accountId,
        destinationAccountId,
        amount,
        Money.zero(amount.currency()),
        HoldStatus.PENDING,
        expiresAt,
        null,
        at,
        at);
  }

  public boolean isExpiredAt(Instant at) {
    return !at.isBefore(expiresAt);
  }

  /**
   * Checks a capture of {@code captured} (at most the held amount, more than zero) while pending
   * and not yet expired.
   */
  public void requireCapturable(Money captured, Instant at) {
    requirePending();
    if (isExpiredAt(at)) {
      throw new HoldNotPendingException(id.toString(), "EXPIRED (at " + expiresAt + ")");
    }
    amount.requireSameCurrency(captured);
    if (!captured.isPositive() || captured.amountMinor() > amount.amountMinor()) {
      throw new InvalidRequestException(
          "capture amount must be 1 to "
              + amount.amountMinor()
              + ", got "
              + captured.amountMinor());
    }
  }

  public Hold capture(Money captured, TransactionId settlement, Instant at) {
    requireCapturable(captured, at);
    return new Hold(
        id,
        accountId,
        destinationAccountId,
        amount,
        captured,
        HoldStatus.CAPTURED,
        expiresAt,
        settlement,
        createdAt,
        at);
  }

  /** Releases the funds: VOIDED before {@code expiresAt}, EXPIRED from then on. */
  public Hold release(TransactionId settlement, Instant at) {
    requirePending();
    HoldStatus end = isExpiredAt(at) ? HoldStatus.EXPIRED : HoldStatus.VOIDED;
    return new Hold(
        id,
        accountId,
        destinationAccountId,
        amount,
        capturedAmount,
        end,
        expiresAt,
        settlement,
        createdAt,
        at);
  }

  /** Throws {@link HoldNotPendingException}, naming the state, unless pending. */
  public void requirePending() {
    if (status != HoldStatus.PENDING) {
      throw new HoldNotPendingException(id.toString(), status.name());
    }
  }
}
