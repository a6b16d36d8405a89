package dev.ewallet.ledger.adapter.persistence;

import com.zaxxer.hikari.HikariDataSource;
import dev.ewallet.ledger.runtime.RequestDeadline;
import dev.ewallet.ledger.runtime.TimeoutBudget;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.SQLTransientConnectionException;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.Executor;
import javax.sql.DataSource;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.config.BeanPostProcessor;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.jdbc.datasource.DelegatingDataSource;

/**
 * The service's database sessions. Every database wait is bounded by the {@link TimeoutBudget} (ADR
 * 0010): the pool's connections carry the server's {@code statement_timeout} and {@code
 * lock_timeout} and the driver's socket timeout, and a connection taken by a thread that serves a
 * request gets a socket timeout no longer than what is left of that request's deadline, so that a
 * stalled database cannot hold a request past it, however many statements the request runs. And the
 * settings the ledger's correctness rests on (isolation, durability of a commit) are fixed per
 * connection, whatever the database's or role's defaults ({@link #configure}).
 */
@Configuration(proxyBeanMethods = false)
public class DatabaseSessionConfiguration {

  @Bean
  static BeanPostProcessor databaseTimeouts(ObjectProvider<TimeoutBudget> budget) {
    return new BeanPostProcessor() {
      @Override
      public Object postProcessBeforeInitialization(Object bean, String name) {
        if (bean instanceof HikariDataSource pool) {
          configure(pool, budget.getIfAvailable(() -> TimeoutBudget.DEFAULT));
        }
        return bean;
      }

      @Override
      public Object postProcessAfterInitialization(Object bean, String name) {
        return bean instanceof HikariDataSource pool
            ? new DeadlineBoundDataSource(pool, budget.getIfAvailable(() -> TimeoutBudget.DEFAULT))
            : bean;
      }
    };
  }

  /**
   * The PostgreSQL driver's settings for every pooled connection (the URL may override them).
   * Besides the timeouts, the session settings the ledger's correctness rests on are its own, not
   * whatever a database or role default says:
   *
   * <ul>
   *   <li>{@code READ COMMITTED}: a posting locks its rows and then reads and updates their latest
   *       versions. Under {@code REPEATABLE READ} or {@code SERIALIZABLE} a row that another
   *       posting changed since the transaction's snapshot fails the lock ("could not serialize
   *       access") instead, and concurrent transfers on one wallet fail.
   *   <li>{@code synchronous_commit=on}: a posting is acknowledged once its commit is flushed, on a
   *       synchronous standby too where one is configured. {@code off} would acknowledge transfers
   *       that a crash then loses; {@code local} ones that a failover loses.
   *   <li>JIT compilation off: the service's statements are short, and PostgreSQL decides to
   *       compile by estimated cost, which skewed statistics inflate (a generic plan of a history
   *       page filtered by a rare reference spent half a second compiling what runs in a
   *       millisecond, docs/benchmarks/log.md).
   * </ul>
   */
  public static void configure(HikariDataSource pool, TimeoutBudget budget) {
    pool.addDataSourceProperty("socketTimeout", String.valueOf(budget.socket().toSeconds()));
    pool.addDataSourceProperty(
        "options",
        "-c statement_timeout="
            + budget.statement().toMillis()
            + " -c lock_timeout="
            + budget.lock().toMillis()
            // A space inside a value is escaped: options are split at unescaped spaces.
            + " -c default_transaction_isolation=read\\ committed"
            + " -c synchronous_commit=on"
            + " -c jit=off");
    pool.addDataSourceProperty("connectTimeout", String.valueOf(budget.socket().toSeconds()));
    pool.addDataSourceProperty("cancelSignalTimeout", String.valueOf(budget.socket().toSeconds()));
    pool.setValidationTimeout(
        Math.min(budget.connectionValidation().toMillis(), pool.getConnectionTimeout()));
  }

  /** Hands out the pool's connections, bounded by the current request's deadline, if any. */
  public static final class DeadlineBoundDataSource extends DelegatingDataSource {

    private static final Executor SAME_THREAD = Runnable::run;

    private final long socketTimeoutMs;

    public DeadlineBoundDataSource(DataSource pool, TimeoutBudget budget) {
      super(pool);
      this.socketTimeoutMs = budget.socket().toMillis();
    }

    @Override
    public Connection getConnection() throws SQLException {
      Optional<Duration> left = RequestDeadline.remaining();
      if (left.isPresent() && !left.get().isPositive()) {
        throw new SQLTransientConnectionException("the request's time is used up");
      }
      Connection connection = super.getConnection();
      if (left.isPresent() && left.get().toMillis() < socketTimeoutMs) {
        // The pool restores its own socket timeout when the connection comes back.
        connection.setNetworkTimeout(SAME_THREAD, (int) Math.max(1, left.get().toMillis()));
      }
      return connection;
    }
  }
}
