package dev.ewallet.ledger.domain.error;

/** No checkpoint has this id, or none has been made yet. */
public final class CheckpointNotFoundException extends LedgerException {

  public CheckpointNotFoundException(String what) {
    super(what);
  }
}
