package dev.ewallet.ledger.domain.error;

import java.util.Optional;

/**
 * The account is closed: it takes no posting. A credit that arrives for it anyway (a late refund, a
 * reversal, a deposit the bank already holds) goes to its currency's suspense account when the
 * closed-wallet policy says so; {@link #suspenseCurrency} then names that currency, and the posting
 * path posts the request again with the suspense account locked.
 */
public final class AccountClosedException extends LedgerException {

  private final long accountId;
  private final String suspenseCurrency;

  /** A posting the closed account refuses outright. */
  public AccountClosedException(long accountId) {
    this(accountId, null);
  }

  /**
   * A credit the closed account would book to the suspense account of {@code suspenseCurrency},
   * which the posting did not lock; {@code null} when it refuses the credit.
   */
  public AccountClosedException(long accountId, String suspenseCurrency) {
    super("account " + accountId + " is closed");
    this.accountId = accountId;
    this.suspenseCurrency = suspenseCurrency;
  }

  public long accountId() {
    return accountId;
  }

  /** The currency whose suspense account would take the credit; empty when none may. */
  public Optional<String> suspenseCurrency() {
    return Optional.ofNullable(suspenseCurrency);
  }
}
