package dev.ewallet.ledger.domain.journal;

import dev.ewallet.ledger.domain.account.AccountId;
import dev.ewallet.ledger.domain.money.Money;
import java.time.Instant;
import java.util.Objects;

/**
 * Money that arrived for a closed wallet and is kept in its currency's suspense account, with the
 * wallet as its reference, until an operator reopens the wallet and a {@link
 * TransactionType#SUSPENSE_RELEASE} pays it back.
 *
 * @param transactionId the transaction that booked it to suspense
 * @param wallet the closed wallet the money arrived for
 * @param suspense the suspense account (row) that holds it
 * @param amount positive
 * @param releasedBy the release that paid it back to the wallet; {@code null} while it is kept
 */
public record SuspenseItem(
    TransactionId transactionId,
    AccountId wallet,
    AccountId suspense,
    Money amount,
    TransactionType type,
    Instant bookedAt,
    TransactionId releasedBy) {

  public SuspenseItem {
    Objects.requireNonNull(transactionId, "transactionId");
    Objects.requireNonNull(wallet, "wallet");
    Objects.requireNonNull(suspense, "suspense");
    Objects.requireNonNull(amount, "amount");
    Objects.requireNonNull(type, "type");
    Objects.requireNonNull(bookedAt, "bookedAt");
    if (!amount.isPositive()) {
      throw new IllegalArgumentException("suspense holds a positive amount, not " + amount);
    }
  }

  public boolean isKept() {
    return releasedBy == null;
  }
}
