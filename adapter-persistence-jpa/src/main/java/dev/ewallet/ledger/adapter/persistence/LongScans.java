package dev.ewallet.ledger.adapter.persistence;

import dev.ewallet.ledger.runtime.RequestDeadline;
import java.sql.SQLException;
import java.util.concurrent.Executor;
import javax.sql.DataSource;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.jdbc.datasource.DataSourceUtils;

/**
 * Full scans (reconciliation, checkpoints) are the one kind of read allowed to outlast the
 * database's ordinary statement and socket timeouts: an operator's request may use all of its
 * remaining deadline, and a job (which serves no request) as long as the scans need.
 */
public final class LongScans {

  private static final Executor SAME_THREAD = Runnable::run;

  private LongScans() {}

  /**
   * Sets the current transaction's statement timeout and its connection's socket timeout to what is
   * left of the request's deadline, or to none outside a request. Call it inside the transaction.
   */
  public static void allowTheRequestsDeadline(JdbcClient jdbc, DataSource dataSource) {
    long budgetMs =
        RequestDeadline.remaining().map(left -> Math.max(1, left.toMillis())).orElse(0L);
    try {
      DataSourceUtils.getConnection(dataSource).setNetworkTimeout(SAME_THREAD, (int) budgetMs);
    } catch (SQLException e) {
      throw new IllegalStateException("cannot set the scan's socket timeout", e);
    }
    jdbc.sql("SELECT set_config('statement_timeout', ?, true)")
        .param(String.valueOf(budgetMs))
        .query(String.class)
        .single();
  }
}
