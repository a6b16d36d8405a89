package dev.ewallet.ledger.domain.error;

/** A debit would take an account that may not go negative below zero. */
public final class InsufficientFundsException extends LedgerException {

  public InsufficientFundsException(long accountId, long balanceMinor, long debitMinor) {
    super(
        "account " + accountId + " holds " + balanceMinor + " and cannot be debited " + debitMinor);
  }
}
