package dev.ewallet.ledger.domain.error;

/** No withdrawal has this id. */
public final class WithdrawalNotFoundException extends LedgerException {

  public WithdrawalNotFoundException(String id) {
    super("withdrawal " + id + " does not exist");
  }
}
