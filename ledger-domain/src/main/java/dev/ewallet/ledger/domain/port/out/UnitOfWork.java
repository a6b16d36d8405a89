package dev.ewallet.ledger.domain.port.out;

import java.util.function.Supplier;

/**
 * One database transaction around a use case's writes: all of them commit, or none do.
 *
 * <p>When the database aborts the transaction for a transient conflict (a deadlock or a
 * serialization failure), it throws {@link TransientConflictException} and runs nothing again: the
 * caller's retry loop decides whether the work runs again (the application has one, {@code
 * Attempts}), so work must have no effects outside the database.
 */
public interface UnitOfWork {

  /**
   * Runs {@code work} in a transaction that commits when it returns and rolls back when it throws.
   *
   * @param work never {@code null}
   * @return what {@code work} returned
   * @throws TransientConflictException when the database aborted it for a transient conflict
   */
  <T> T inTransaction(Supplier<T> work);
}
