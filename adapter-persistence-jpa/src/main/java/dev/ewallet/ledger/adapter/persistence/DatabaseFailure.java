package dev.ewallet.ledger.adapter.persistence;

import java.sql.SQLException;
import java.sql.SQLTimeoutException;
import java.sql.SQLTransientConnectionException;
import org.hibernate.TransactionException;
import org.springframework.transaction.TransactionSystemException;
import org.springframework.transaction.TransactionTimedOutException;

/** What a failure of a database call means for the work that was under way. */
enum DatabaseFailure {
  /**
   * A deadlock or serialization failure: the database rolled the transaction back, and running the
   * work again is safe and likely to succeed.
   */
  CONFLICT,
  /**
   * The database did not answer in time or the connection was lost: no pooled connection in time, a
   * statement or lock wait cancelled by the server's timeouts, the transaction's own deadline
   * passed, or the socket gave up. Whether the transaction committed depends on whether its commit
   * had been sent.
   */
  UNAVAILABLE,
  /** Anything else: a business rejection, a bug, a constraint; passed on as it is. */
  OTHER;

  /**
   * Classifies by the first SQL state or timeout type found in the cause chain. A failed commit or
   * rollback ({@link TransactionSystemException} from Spring, or Hibernate's {@link
   * TransactionException} "unable to commit/rollback against JDBC connection" that JPA wraps) means
   * the connection is gone: the pool reports a closed connection without an SQL state.
   */
  static DatabaseFailure of(Throwable failure) {
    for (Throwable t = failure; t != null; t = t.getCause()) {
      if (t instanceof SQLTransientConnectionException
          || t instanceof SQLTimeoutException
          || t instanceof TransactionTimedOutException
          || t instanceof TransactionSystemException
          || t instanceof TransactionException) {
        return UNAVAILABLE;
      }
      if (t instanceof SQLException sql && sql.getSQLState() != null) {
        return ofState(sql.getSQLState());
      }
    }
    return OTHER;
  }

  /**
   * SQL states (PostgreSQL appendix A): class 08 connection exceptions, 57014 query cancelled (a
   * statement timeout), 55P03 lock not available (a lock timeout), class 57P admin shutdown or
   * crash, class 53 insufficient resources; 40001 and 40P01 the two conflicts.
   */
  private static DatabaseFailure ofState(String state) {
    if (state.equals("40001") || state.equals("40P01")) {
      return CONFLICT;
    }
    if (state.startsWith("08")
        || state.equals("57014")
        || state.equals("55P03")
        || state.startsWith("57P")
        || state.startsWith("53")) {
      return UNAVAILABLE;
    }
    return OTHER;
  }
}
