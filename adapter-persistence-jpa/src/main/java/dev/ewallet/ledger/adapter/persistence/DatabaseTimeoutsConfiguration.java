package dev.ewallet.ledger.adapter.persistence;

import com.zaxxer.hikari.HikariDataSource;
import dev.ewallet.ledger.domain.deadline.RequestDeadline;
import dev.ewallet.ledger.domain.deadline.TimeoutBudget;
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
 * Bounds every database wait of the service by the {@link TimeoutBudget} (ADR 0010): the pool's
 * connections carry the server's {@code statement_timeout} and {@code lock_timeout} and the
 * driver's socket timeout, and a connection taken by a thread that serves a request gets a socket
 * timeout no longer than what is left of that request's deadline, so that a stalled database cannot
 * hold a request past it, however many statements the request runs.
 */
@Configuration(proxyBeanMethods = false)
class DatabaseTimeoutsConfiguration {

  @Bean
  static BeanPostProcessor databaseTimeouts(ObjectProvider<TimeoutBudget> budget) {
    return new BeanPostProcessor() {
      @Override
      public Object postProcessBeforeInitialization(Object bean, String name) {
        if (bean instanceof HikariDataSource pool) {
          bound(pool, budget.getIfAvailable(() -> TimeoutBudget.DEFAULT));
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
   * The PostgreSQL driver's settings for every pooled connection (the URL may override them). JIT
   * compilation is off: the service's statements are short, and PostgreSQL decides to compile by
   * estimated cost, which skewed statistics inflate (a generic plan of a history page filtered by a
   * rare reference spent half a second compiling what runs in a millisecond, docs/benchmarks.md).
   */
  static void bound(HikariDataSource pool, TimeoutBudget budget) {
    pool.addDataSourceProperty("socketTimeout", String.valueOf(budget.socket().toSeconds()));
    pool.addDataSourceProperty(
        "options",
        "-c statement_timeout="
            + budget.statement().toMillis()
            + " -c lock_timeout="
            + budget.lock().toMillis()
            + " -c jit=off");
    pool.addDataSourceProperty("connectTimeout", String.valueOf(budget.socket().toSeconds()));
    pool.addDataSourceProperty("cancelSignalTimeout", String.valueOf(budget.socket().toSeconds()));
    pool.setValidationTimeout(
        Math.min(budget.connectionValidation().toMillis(), pool.getConnectionTimeout()));
  }

  /** Hands out the pool's connections, bounded by the current request's deadline, if any. */
  static final class DeadlineBoundDataSource extends DelegatingDataSource {

    private static final Executor SAME_THREAD = Runnable::run;

    private final long socketTimeoutMs;

    DeadlineBoundDataSource(DataSource pool, TimeoutBudget budget) {
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
