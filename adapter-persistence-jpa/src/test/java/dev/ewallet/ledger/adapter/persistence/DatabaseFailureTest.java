package dev.ewallet.ledger.adapter.persistence;

import static org.assertj.core.api.Assertions.assertThat;

import java.sql.SQLException;
import org.hibernate.TransactionException;
import org.junit.jupiter.api.Test;
import org.springframework.dao.DataIntegrityViolationException;
import org.springframework.orm.jpa.JpaSystemException;
import org.springframework.transaction.TransactionSystemException;

class DatabaseFailureTest {

  @Test
  void aRollbackOrCommitThatCannotReachTheConnectionMeansTheDatabaseIsUnavailable() {
    RuntimeException jpaRollback =
        new JpaSystemException(
            new TransactionException(
                "Unable to rollback against JDBC Connection",
                new SQLException("Connection is closed")));

    assertThat(DatabaseFailure.of(jpaRollback)).isEqualTo(DatabaseFailure.UNAVAILABLE);
    assertThat(DatabaseFailure.of(new TransactionSystemException("Could not commit")))
        .isEqualTo(DatabaseFailure.UNAVAILABLE);
  }

  @Test
  void sqlStatesTellConflictsTimeoutsAndEverythingElseApart() {
    assertThat(DatabaseFailure.of(new SQLException("deadlock", "40P01")))
        .isEqualTo(DatabaseFailure.CONFLICT);
    assertThat(DatabaseFailure.of(new SQLException("lock timeout", "55P03")))
        .isEqualTo(DatabaseFailure.UNAVAILABLE);
    assertThat(
            DatabaseFailure.of(
                new DataIntegrityViolationException(
                    "check", new SQLException("balance below zero", "23514"))))
        .isEqualTo(DatabaseFailure.OTHER);
  }
}
