package dev.ewallet.ledger.adapter.persistence.posting;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ewallet.ledger.adapter.persistence.PersistenceIntegrationTest;
import dev.ewallet.ledger.adapter.persistence.testing.PostgresTestDatabase;
import dev.ewallet.ledger.domain.account.AccountId;
import dev.ewallet.ledger.domain.port.out.AccountRepository;
import dev.ewallet.ledger.domain.port.out.UnitOfWork;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.TreeSet;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * The posting path's account locks are JPA {@code PESSIMISTIC_WRITE}, which Hibernate takes on
 * PostgreSQL as {@code FOR NO KEY UPDATE}: a second writer waits, but a foreign-key check ({@code
 * FOR KEY SHARE}, what an entry insert takes on its account) passes. Proved from another connection
 * while a unit of work holds the lock.
 */
class PessimisticLockIT extends PersistenceIntegrationTest {

  @Autowired AccountRepository accounts;
  @Autowired UnitOfWork unitOfWork;
  @Autowired JdbcClient jdbc;

  @Test
  void aLockedAccountBlocksWritersButNotForeignKeyChecks() throws Exception {
    long account =
        jdbc.sql(
                "INSERT INTO account (owner_id, currency, kind, balance, allow_negative, created_at)"
                    + " VALUES (44, 'NOK', 'USER', 0, false, now()) RETURNING id")
            .query(Long.class)
            .single();
    CountDownLatch locked = new CountDownLatch(1);
    CountDownLatch release = new CountDownLatch(1);
    CompletableFuture<Integer> holder =
        CompletableFuture.supplyAsync(() ->
            unitOfWork.inTransaction(() -> {
              int n = accounts.lockForUpdate(new TreeSet<>(List.of(AccountId.of(account)))).size();
              locked.countDown();
              await(release);
              return n;
            }));
    try {
      assertThat(locked.await(30, TimeUnit.SECONDS)).isTrue();
      assertThat(inOwnTransaction(account, "FOR KEY SHARE")).isEqualTo(1);
      assertThatThrownBy(() -> inOwnTransaction(account, "FOR NO KEY UPDATE"))
          .isInstanceOf(SQLException.class)
          .hasMessageContaining("lock timeout");
    } finally {
      release.countDown();
    }
    assertThat(holder.get(30, TimeUnit.SECONDS)).isEqualTo(1);
  }

  /** Takes the row lock in a transaction of its own that gives up after 300 ms of waiting. */
  private static int inOwnTransaction(long account, String lock) throws SQLException {
    try (Connection connection = PostgresTestDatabase.owner().getConnection()) {
      connection.setAutoCommit(false);
      try (Statement statement = connection.createStatement()) {
        statement.execute("SET LOCAL lock_timeout = '300ms'");
        try (ResultSet rows =
            statement.executeQuery("SELECT id FROM account WHERE id = " + account + " " + lock)) {
          int count = 0;
          while (rows.next()) {
            count++;
          }
          return count;
        }
      } finally {
        connection.rollback();
      }
    }
  }

  private static void await(CountDownLatch latch) {
    try {
      latch.await(60, TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
