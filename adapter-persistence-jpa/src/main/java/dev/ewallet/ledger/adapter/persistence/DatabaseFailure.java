package dev.ewallet.ledger.adapter.persistence;

import dev.ewallet.ledger.domain.error.OutcomeUnknownException;
import dev.ewallet.ledger.domain.error.OverloadedException;
import java.sql.SQLException;
import java.sql.SQLTimeoutException;
import java.sql.SQLTransientConnectionException;
import org.hibernate.TransactionException;
import org.springframework.transaction.TransactionSystemException;
import org.springframework.transaction.TransactionTimedOutException;

/** What a failure of a database call means for the work that was under way. */
public enum DatabaseFailure {
  /**
   * A deadlock or serialization failure: the database rolled the transaction back, and running the
   * work again is safe and likely to succeed.
   */
  CONFLICT,
  /**
   * The database did not answer in time, and the statement did nothing: no pooled connection in
   * time, a statement or lock wait cancelled by the server's timeouts, the transaction's own
   * deadline passed, or the server is short of resources.
   */
  TIMED_OUT,
  /**
   * The connection was lost (or the socket gave up waiting) while a statement, commit or rollback
   * was under way: whether a write took effect depends on whether its commit had been sent.
   */
  CONNECTION_LOST,
  /** Anything else: a business rejection, a bug, a constraint; passed on as it is. */
  OTHER;

  /** Either way the database could not serve the call. */
  public boolean unavailable() {
    return this == TIMED_OUT || this == CONNECTION_LOST;
  }

  /**
   * Classifies by the first SQL state or timeout type found in the cause chain. A failed commit or
   * rollback ({@link TransactionSystemException} from Spring, or Hibernate's {@link
   * TransactionException} "unable to commit/rollback against JDBC connection" that JPA wraps) means
   * the connection is gone: the pool reports a closed connection without an SQL state.
   */
  public static DatabaseFailure of(Throwable failure) {
    for (Throwable t = failure; t != null; t = t.getCause()) {
      if (t instanceof SQLTransientConnectionException
          || t instanceof SQLTimeoutException
          || t instanceof TransactionTimedOutException) {
        return TIMED_OUT;
      }
      if (t instanceof TransactionSystemException || t instanceof TransactionException) {
        return CONNECTION_LOST;
      }
      if (t instanceof SQLException sql && sql.getSQLState() != null) {
        return ofState(sql.getSQLState());
      }
    }
    return OTHER;
  }

  /**
   * SQL states (PostgreSQL appendix A): 57014 query cancelled (a statement timeout), 55P03 lock not
   * available (a lock timeout), class 53 insufficient resources; class 08 connection exceptions
   * (pgjdbc reports a socket timeout as 08006) and class 57P admin shutdown or crash; 40001 and
   * 40P01 the two conflicts.
   */
  private static DatabaseFailure ofState(String state) {
    if (state.equals("40001") || state.equals("40P01")) {
      return CONFLICT;
    }
    if (state.equals("57014") || state.equals("55P03") || state.startsWith("53")) {
      return TIMED_OUT;
    }
    if (state.startsWith("08") || state.startsWith("57P")) {
      return CONNECTION_LOST;
    }
    return OTHER;
  }

  /**
   * The domain's answer for a call that failed outside any unit of work (a read, or a write that is
   * its own transaction): a timeout changed nothing, so the caller may retry later; a lost
   * connection may have lost the answer to a write that committed. Other failures pass unchanged.
   */
  static RuntimeException outsideUnitOfWork(RuntimeException failure) {
    return switch (of(failure)) {
      case TIMED_OUT ->
          new OverloadedException(
              "the database did not answer in time; nothing was changed, retry later");
      case CONNECTION_LOST ->
          new OutcomeUnknownException(
              "the database connection was lost, so whether the request took effect is unknown;"
                  + " read the resource again before retrying");
      case CONFLICT, OTHER -> failure;
    };
  }
}
