package dev.ewallet.ledger.adapter.persistence.posting;

import dev.ewallet.ledger.adapter.persistence.DatabaseFailure;
import dev.ewallet.ledger.domain.error.OutcomeUnknownException;
import dev.ewallet.ledger.domain.error.OverloadedException;
import dev.ewallet.ledger.domain.port.out.TransientConflictException;
import dev.ewallet.ledger.domain.port.out.UnitOfWork;
import dev.ewallet.ledger.runtime.TimeoutBudget;
import java.time.Duration;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.stereotype.Component;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.TransactionTimedOutException;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * A unit of work is one database transaction, bounded in time by the {@link TimeoutBudget}: each
 * statement by the server's statement and lock timeouts and the socket timeout, all of them
 * together by the transaction's bound, checked before the commit.
 *
 * <p>Failures are told apart by whether the commit had been sent (ADR 0010). Before it, a database
 * that did not answer in time means nothing was committed: {@link OverloadedException}, retry
 * later. During it, a lost connection leaves the outcome unknown: {@link OutcomeUnknownException},
 * retry with the same idempotency key, which returns the true outcome. Locks are always taken in
 * ascending account id, so the posting flow cannot deadlock with itself; a deadlock or
 * serialization failure can still come from elsewhere (an operator's SQL, a future flow), and is
 * reported as {@link TransientConflictException}: the rollback left nothing behind, and the
 * application's one retry loop runs the work again (the idempotency claim makes a rerun safe).
 */
@Component
class JpaUnitOfWorkAdapter implements UnitOfWork {

  private static final Logger LOG = LoggerFactory.getLogger(JpaUnitOfWorkAdapter.class);

  private final TransactionTemplate template;
  private final Duration bound;
  private final WrittenAccounts written;

  /**
   * Units of work run on the application's one transaction manager, JPA's: the row locks of the
   * posting path are JPA queries, and the set-based native statements (claims, balance updates,
   * entries, events) run on the same connection and transaction, so no call can silently run
   * outside the unit of work it was made in.
   */
  JpaUnitOfWorkAdapter(
      PlatformTransactionManager transactionManager,
      ObjectProvider<TimeoutBudget> budget,
      WrittenAccounts written) {
    this.template = new TransactionTemplate(transactionManager);
    this.bound = budget.getIfAvailable(() -> TimeoutBudget.DEFAULT).transaction();
    this.written = written;
  }

  @Override
  public <T> T inTransaction(Supplier<T> work) {
    boolean[] committing = {false};
    boolean[] outermost = {false};
    long started = System.nanoTime();
    try {
      T result =
          template.execute(status -> {
            outermost[0] = status.isNewTransaction();
            if (outermost[0]) {
              written.clear();
            }
            T done = work.get();
            requireWithinBound(started);
            committing[0] = true;
            return done;
          });
      if (outermost[0]) {
        written.committed();
      }
      return result;
    } catch (RuntimeException failure) {
      throw translated(failure, DatabaseFailure.of(failure), committing[0]);
    }
  }

  /**
   * The unit of work's whole bound (ADR 0010), checked before the commit rather than given to every
   * statement as a JDBC query timeout: pgjdbc arms a task on its shared timer for each statement
   * that has one, which the profile showed as the JVM's top frame. Each statement is still bounded
   * by the server's statement and lock timeouts and by the socket timeout; this bounds them
   * together.
   */
  private void requireWithinBound(long startedNanos) {
    if (System.nanoTime() - startedNanos > bound.toNanos()) {
      throw new TransactionTimedOutException(
          "the unit of work took longer than its bound of " + bound + "; rolled back");
    }
  }

  private static RuntimeException translated(
      RuntimeException failure, DatabaseFailure kind, boolean committing) {
    if (kind == DatabaseFailure.CONFLICT) {
      // The database rolled the transaction back, during the commit too (a serialization failure).
      LOG.warn("transient conflict; rolled back: {}", failure.toString());
      return new TransientConflictException(
          "the database aborted the transaction for a transient conflict", failure);
    }
    if (committing) {
      LOG.error("the commit's outcome is unknown", failure);
      return new OutcomeUnknownException(
          "the database connection failed while the transaction was committing, so whether it"
              + " was posted is unknown; retry with the same Idempotency-Key to learn the outcome");
    }
    if (kind.unavailable()) {
      LOG.warn("the database did not answer in time; rolled back: {}", failure.toString());
      return new OverloadedException(
          "the database did not answer in time; nothing was posted, retry later with the same"
              + " Idempotency-Key");
    }
    return failure;
  }
}
