package dev.ewallet.ledger.adapter.persistence;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.zaxxer.hikari.HikariDataSource;
import dev.ewallet.ledger.adapter.persistence.testing.PostgresTestDatabase;
import dev.ewallet.ledger.runtime.TimeoutBudget;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The settings the ledger's correctness rests on are the service's own, not the database's: here a
 * database whose defaults a DBA set to {@code SERIALIZABLE} and {@code synchronous_commit=off} (a
 * plain session shows them) still gives the service's pooled connections {@code READ COMMITTED} and
 * {@code synchronous_commit=on}. With the database's defaults, a posting that locks a row another
 * posting changed since its snapshot fails ("could not serialize access"); on the service's
 * connections it locks and reads the latest version, as postings need.
 */
class DatabaseSessionIT {

  private static String url;
  private static HikariDataSource pool;

  @BeforeAll
  static void aDatabaseWithOtherDefaults() throws SQLException {
    url = PostgresTestDatabase.scratchDatabase();
    String database = url.substring(url.lastIndexOf('/') + 1);
    try (Connection owner = plainSession();
        Statement statement = owner.createStatement()) {
      statement.execute(
          "ALTER DATABASE " + database + " SET default_transaction_isolation = 'serializable'");
      statement.execute("ALTER DATABASE " + database + " SET synchronous_commit = off");
      statement.execute("CREATE TABLE wallet (id int PRIMARY KEY, balance bigint NOT NULL)");
      statement.execute("INSERT INTO wallet VALUES (1, 0)");
    }
    pool = new HikariDataSource();
    pool.setJdbcUrl(url);
    pool.setUsername(PostgresTestDatabase.OWNER);
    pool.setMaximumPoolSize(2);
    DatabaseSessionConfiguration.configure(pool, TimeoutBudget.DEFAULT);
  }

  @AfterAll
  static void closePool() {
    pool.close();
  }

  private static Connection plainSession() throws SQLException {
    return DriverManager.getConnection(url, PostgresTestDatabase.OWNER, "");
  }

  private static String show(Connection session, String setting) throws SQLException {
    try (Statement statement = session.createStatement();
        ResultSet rows = statement.executeQuery("SHOW " + setting)) {
      rows.next();
      return rows.getString(1);
    }
  }

  private static void execute(Connection session, String sql) throws SQLException {
    try (Statement statement = session.createStatement()) {
      statement.execute(sql);
    }
  }

  /**
   * Takes a snapshot in {@code second}, commits a credit of 1 from {@code first}, then has {@code
   * second} lock the row and credit it too, as a posting does after its locks.
   */
  private static long lockAfterAnotherCommit(Connection first, Connection second)
      throws SQLException {
    first.setAutoCommit(false);
    second.setAutoCommit(false);
    try {
      execute(second, "SELECT balance FROM wallet WHERE id = 1");
      execute(first, "UPDATE wallet SET balance = balance + 1 WHERE id = 1");
      first.commit();
      execute(second, "SELECT balance FROM wallet WHERE id = 1 FOR NO KEY UPDATE");
      execute(second, "UPDATE wallet SET balance = balance + 1 WHERE id = 1");
      second.commit();
      try (Statement statement = second.createStatement();
          ResultSet rows = statement.executeQuery("SELECT balance FROM wallet WHERE id = 1")) {
        rows.next();
        return rows.getLong(1);
      }
    } finally {
      first.rollback();
      second.rollback();
    }
  }

  @Test
  void aPlainSessionHasTheDatabasesDefaults() throws SQLException {
    try (Connection plain = plainSession()) {
      assertThat(show(plain, "transaction_isolation")).isEqualTo("serializable");
      assertThat(show(plain, "synchronous_commit")).isEqualTo("off");
    }
  }

  @Test
  void theServicesConnectionsReadCommittedAndCommitSynchronously() throws SQLException {
    try (Connection pooled = pool.getConnection()) {
      assertThat(show(pooled, "transaction_isolation")).isEqualTo("read committed");
      assertThat(show(pooled, "synchronous_commit")).isEqualTo("on");
    }
  }

  @Test
  void aLockAfterAnotherCommitReadsTheLatestVersionOnlyOnTheServicesConnections()
      throws SQLException {
    try (Connection first = plainSession();
        Connection second = plainSession()) {
      assertThatThrownBy(() -> lockAfterAnotherCommit(first, second))
          .hasMessageContaining("could not serialize access");
    }
    try (Connection first = pool.getConnection();
        Connection second = pool.getConnection()) {
      long before;
      try (Statement statement = first.createStatement();
          ResultSet rows = statement.executeQuery("SELECT balance FROM wallet WHERE id = 1")) {
        rows.next();
        before = rows.getLong(1);
      }
      assertThat(lockAfterAnotherCommit(first, second)).isEqualTo(before + 2);
    }
  }
}
