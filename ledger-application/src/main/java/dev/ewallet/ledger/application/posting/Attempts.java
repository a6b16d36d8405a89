package dev.ewallet.ledger.application.posting;

import dev.ewallet.ledger.domain.error.OverloadedException;
import dev.ewallet.ledger.domain.port.out.TransientConflictException;
import dev.ewallet.ledger.domain.port.out.UnitOfWork;
import java.lang.System.Logger.Level;
import java.util.function.Supplier;

/**
 * The application's one retry loop, around every unit of work it runs. What is retried: a unit of
 * work a transient conflict aborted ({@link TransientConflictException}: a deadlock, a
 * serialization failure, an idempotency key claimed concurrently), which committed nothing. How
 * often: {@value #MAX} attempts in all, at once (the conflicting work has ended by then: the
 * database chose a victim, or the concurrent claim committed). What the caller gets after: {@link
 * OverloadedException}, nothing done, retry later (with the same idempotency key, for a posting).
 * Every other failure passes through unchanged, on the first attempt.
 */
public final class Attempts {

  static final int MAX = 3;

  private static final System.Logger LOG = System.getLogger(Attempts.class.getName());

  private Attempts() {}

  public static <T> T inTransaction(UnitOfWork unitOfWork, Supplier<T> work) {
    for (int attempt = 1; ; attempt++) {
      try {
        return unitOfWork.inTransaction(work);
      } catch (TransientConflictException conflict) {
        if (attempt == MAX) {
          throw new OverloadedException(
              "the work conflicted with concurrent work "
                  + MAX
                  + " times ("
                  + conflict.getMessage()
                  + "); nothing was committed: retry later (a posting with the same Idempotency-Key)");
        }
        LOG.log(Level.DEBUG, "transient conflict, attempt {0} of {1}: {2}", attempt, MAX, conflict);
      }
    }
  }
}
