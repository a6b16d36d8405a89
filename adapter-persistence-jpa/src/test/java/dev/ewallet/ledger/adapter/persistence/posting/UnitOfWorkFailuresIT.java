package dev.ewallet.ledger.adapter.persistence.posting;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ewallet.ledger.adapter.persistence.PersistenceIntegrationTest;
import dev.ewallet.ledger.domain.error.InsufficientFundsException;
import dev.ewallet.ledger.domain.error.OutcomeUnknownException;
import dev.ewallet.ledger.domain.error.OverloadedException;
import dev.ewallet.ledger.domain.port.out.TransientConflictException;
import dev.ewallet.ledger.domain.port.out.UnitOfWork;
import dev.ewallet.ledger.runtime.RequestDeadline;
import dev.ewallet.ledger.runtime.TimeoutBudget;
import java.sql.Connection;
import java.sql.SQLTransientConnectionException;
import java.sql.Statement;
import java.time.Duration;
import java.util.Map;
import javax.sql.DataSource;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.beans.factory.support.StaticListableBeanFactory;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.transaction.PlatformTransactionManager;

/**
 * How a unit of work fails when PostgreSQL does not answer in time or loses the connection (ADR
 * 0010), on the real database with the default budget: before the commit, nothing was committed and
 * the failure is overload; during the commit, the outcome is unknown.
 */
class UnitOfWorkFailuresIT extends PersistenceIntegrationTest {

  @Autowired UnitOfWork unitOfWork;
  @Autowired JdbcClient jdbc;
  @Autowired DataSource dataSource;
  @Autowired PlatformTransactionManager transactionManager;

  private long newAccount(long owner) {
    return jdbc.sql(
            "INSERT INTO account (owner_id, currency, kind, balance, allow_negative, created_at)"
                + " VALUES (?, 'VND', 'USER', 0, false, now()) RETURNING id")
        .param(owner)
        .query(Long.class)
        .single();
  }

  private long accountsOf(long owner) {
    return jdbc.sql("SELECT count(*) FROM account WHERE owner_id = ?")
        .param(owner)
        .query(Long.class)
        .single();
  }

  @Test
  void everyPooledConnectionCarriesTheDerivedServerTimeoutsAndNoJit() {
    assertThat(jdbc.sql("SHOW statement_timeout").query(String.class).single()).isEqualTo("2500ms");
    assertThat(jdbc.sql("SHOW lock_timeout").query(String.class).single()).isEqualTo("2s");
    assertThat(jdbc.sql("SHOW jit").query(String.class).single()).isEqualTo("off");
    assertThat(TimeoutBudget.DEFAULT.socket()).isEqualTo(Duration.ofSeconds(4));
  }

  @Test
  void aSerializationFailureRollsBackAndIsReportedAsATransientConflictNotRetried() {
    long owner = 9_011;
    int[] runs = {0};

    assertThatThrownBy(() ->
            unitOfWork.inTransaction(() -> {
              runs[0]++;
              newAccount(owner);
              return jdbc.sql(
                      "DO $$ BEGIN RAISE EXCEPTION 'concurrent update'"
                          + " USING ERRCODE = 'serialization_failure'; END $$")
                  .update();
            }))
        .isInstanceOf(TransientConflictException.class);
    assertThat(runs[0]).isEqualTo(1);
    assertThat(accountsOf(owner)).isZero();
  }

  @Test
  void aLockWaitBeyondTheLockTimeoutRollsBackAsOverload() throws Exception {
    long account = newAccount(9_001);
    try (Connection holder = dataSource.getConnection();
        Statement lock = holder.createStatement()) {
      holder.setAutoCommit(false);
      lock.execute("SELECT id FROM account WHERE id = " + account + " FOR UPDATE");

      assertThatThrownBy(() ->
              unitOfWork.inTransaction(() ->
                  jdbc.sql("UPDATE account SET balance = balance WHERE id = ?")
                      .param(account)
                      .update()))
          .isInstanceOf(OverloadedException.class)
          .hasMessageContaining("nothing was posted");
      holder.rollback();
    }
  }

  @Test
  void aStatementBeyondTheStatementTimeoutRollsBackAsOverload() {
    long owner = 9_002;
    assertThatThrownBy(() ->
            unitOfWork.inTransaction(() -> {
              newAccount(owner);
              return jdbc.sql("SELECT pg_sleep(10)").query().singleValue();
            }))
        .isInstanceOf(OverloadedException.class);
    assertThat(accountsOf(owner)).isZero();
  }

  @Test
  void aConnectionLostDuringTheCommitLeavesTheOutcomeUnknown() {
    long owner = 9_003;
    assertThatThrownBy(() ->
            unitOfWork.inTransaction(() -> {
              newAccount(owner);
              int backend = jdbc.sql("SELECT pg_backend_pid()").query(Integer.class).single();
              terminate(backend);
              return null;
            }))
        .isInstanceOf(OutcomeUnknownException.class)
        .hasMessageContaining("same Idempotency-Key");
    // Here the truth is that it did not commit: the backend died before the commit reached it.
    assertThat(accountsOf(owner)).isZero();
  }

  @Test
  void aUnitOfWorkPastItsBoundRollsBackAsOverloadInsteadOfCommitting() {
    // A request timeout of 2 s bounds a unit of work to 1 s.
    UnitOfWork bounded =
        new JpaUnitOfWorkAdapter(
            transactionManager,
            new StaticListableBeanFactory(
                    Map.of("budget", new TimeoutBudget(Duration.ofSeconds(2))))
                .getBeanProvider(TimeoutBudget.class),
            WrittenAccounts.DISCARDED);
    long owner = 1_000_000 + System.nanoTime() % 1_000_000;

    assertThatThrownBy(() ->
            bounded.inTransaction(() -> {
              newAccount(owner);
              sleep(Duration.ofMillis(1_100));
              return null;
            }))
        .isInstanceOf(OverloadedException.class);
    assertThat(accountsOf(owner)).isZero();
  }

  private static void sleep(Duration duration) {
    try {
      Thread.sleep(duration);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  @Test
  void aBusinessRejectionPassesThroughUnchanged() {
    InsufficientFundsException rejection = new InsufficientFundsException(1, 0, 5);
    assertThatThrownBy(() ->
            unitOfWork.inTransaction(() -> {
              throw rejection;
            }))
        .isSameAs(rejection);
  }

  @Test
  void aRequestWhoseTimeIsUsedUpGetsNoConnection() {
    try (RequestDeadline.Scope deadline = RequestDeadline.start(Duration.ZERO)) {
      assertThatThrownBy(() -> jdbc.sql("SELECT 1").query(Integer.class).single())
          .hasRootCauseInstanceOf(SQLTransientConnectionException.class);
    }
    assertThat(jdbc.sql("SELECT 1").query(Integer.class).single()).isEqualTo(1);
  }

  /** Ends a backend from another session and waits until it is gone. */
  private void terminate(int backend) {
    try (Connection admin = dataSource.getConnection();
        Statement statement = admin.createStatement()) {
      statement.execute("SELECT pg_terminate_backend(" + backend + ", 5000)");
    } catch (java.sql.SQLException e) {
      throw new IllegalStateException(e);
    }
  }
}
