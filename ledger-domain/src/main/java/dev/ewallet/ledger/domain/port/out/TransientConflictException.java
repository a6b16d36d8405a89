package dev.ewallet.ledger.domain.port.out;

/**
 * A unit of work was aborted for a transient conflict with concurrent work (the database's deadlock
 * or serialization failure, or an idempotency key claimed by a concurrent request between the
 * poster's read and its claim): nothing was committed, and the same work may run again. A {@link
 * UnitOfWork} reports it and never retries by itself; the application's one retry loop decides.
 */
public class TransientConflictException extends RuntimeException {

  public TransientConflictException(String message, Throwable cause) {
    super(message, cause);
  }
}
