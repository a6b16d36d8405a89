package dev.ewallet.ledger.domain.error;

/** The account has no monitor of this id. */
public final class MonitorNotFoundException extends LedgerException {

  public MonitorNotFoundException(long accountId, long monitorId) {
    super("account " + accountId + " has no monitor " + monitorId);
  }
}
