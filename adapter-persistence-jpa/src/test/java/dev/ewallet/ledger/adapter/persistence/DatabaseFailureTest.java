package dev.ewallet.ledger.adapter.persistence;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ewallet.ledger.domain.error.OutcomeUnknownException;
import dev.ewallet.ledger.domain.error.OverloadedException;
import java.sql.SQLException;
import java.sql.SQLTransientConnectionException;
import org.hibernate.TransactionException;
import org.junit.jupiter.api.Test;
import org.springframework.dao.DataAccessResourceFailureException;
import org.springframework.dao.DataIntegrityViolationException;
import org.springframework.orm.jpa.JpaSystemException;
import org.springframework.transaction.CannotCreateTransactionException;
import org.springframework.transaction.TransactionSystemException;

class DatabaseFailureTest {

  @Test
  void aRollbackOrCommitThatCannotReachTheConnectionMeansTheConnectionIsLost() {
    RuntimeException jpaRollback =
        new JpaSystemException(
            new TransactionException(
                "Unable to rollback against JDBC Connection",
                new SQLException("Connection is closed")));

    assertThat(DatabaseFailure.of(jpaRollback)).isEqualTo(DatabaseFailure.CONNECTION_LOST);
    assertThat(DatabaseFailure.of(new TransactionSystemException("Could not commit")))
        .isEqualTo(DatabaseFailure.CONNECTION_LOST);
  }

  @Test
  void sqlStatesTellConflictsTimeoutsAndEverythingElseApart() {
    assertThat(DatabaseFailure.of(new SQLException("deadlock", "40P01")))
        .isEqualTo(DatabaseFailure.CONFLICT);
    assertThat(DatabaseFailure.of(new SQLException("lock timeout", "55P03")))
        .isEqualTo(DatabaseFailure.TIMED_OUT);
    assertThat(DatabaseFailure.of(new SQLException("I/O error, read timed out", "08006")))
        .isEqualTo(DatabaseFailure.CONNECTION_LOST);
    assertThat(
            DatabaseFailure.of(
                new DataIntegrityViolationException(
                    "check", new SQLException("balance below zero", "23514"))))
        .isEqualTo(DatabaseFailure.OTHER);
  }

  @Test
  void outsideAUnitOfWorkATimeoutIsOverloadAndALostConnectionAnUnknownOutcome() {
    RuntimeException poolTimeout =
        new CannotCreateTransactionException(
            "no connection", new SQLTransientConnectionException("pool timed out"));
    RuntimeException lost =
        new DataAccessResourceFailureException("lost", new SQLException("I/O", "08006"));
    RuntimeException constraint =
        new DataIntegrityViolationException("check", new SQLException("check", "23514"));

    assertThat(DatabaseFailure.outsideUnitOfWork(poolTimeout))
        .isInstanceOf(OverloadedException.class);
    assertThat(DatabaseFailure.outsideUnitOfWork(lost)).isInstanceOf(OutcomeUnknownException.class);
    assertThat(DatabaseFailure.outsideUnitOfWork(constraint)).isSameAs(constraint);
  }
}
