package dev.ewallet.ledger.adapter.persistence;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.UUID;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.dao.DataIntegrityViolationException;
import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * The database enforces the ledger's rules itself, whatever connects to it: the journal is
 * append-only, and a wallet's balance never goes below zero.
 */
class DatabaseSafetyNetIT extends PersistenceIntegrationTest {

  @Autowired JdbcClient jdbc;

  private long wallet;
  private UUID transaction;

  @BeforeEach
  void postOneEntry() {
    wallet =
        jdbc.sql(
                "INSERT INTO account (owner_id, currency, kind, balance, allow_negative, created_at)"
                    + " VALUES (42, 'VND', 'USER', 100, false, now()) RETURNING id")
            .query(Long.class)
            .single();
    transaction = UUID.randomUUID();
    jdbc.sql(
            "INSERT INTO journal_transaction (id, type, principal_id, idempotency_key,"
                + " request_fingerprint, created_at) VALUES (?, 'DEPOSIT', 1, ?, ?, now())")
        .params(transaction, "safety-" + transaction, "0".repeat(64))
        .update();
    jdbc.sql(
            "INSERT INTO ledger_entry (transaction_id, account_id, amount, balance_after, created_at)"
                + " VALUES (?, ?, 100, 100, now())")
        .params(transaction, wallet)
        .update();
  }

  @Test
  void ledgerEntriesCannotBeUpdatedOrDeleted() {
    assertThatThrownBy(() ->
            jdbc.sql("UPDATE ledger_entry SET amount = 1 WHERE transaction_id = ?")
                .param(transaction)
                .update())
        .hasMessageContaining("append-only");
    assertThatThrownBy(() ->
            jdbc.sql("DELETE FROM ledger_entry WHERE transaction_id = ?")
                .param(transaction)
                .update())
        .hasMessageContaining("append-only");
    assertThatThrownBy(() -> jdbc.sql("TRUNCATE ledger_entry CASCADE").update())
        .hasMessageContaining("append-only");
  }

  @Test
  void journalTransactionsCannotBeUpdatedOrDeleted() {
    assertThatThrownBy(() ->
            jdbc.sql("UPDATE journal_transaction SET type = 'TRANSFER' WHERE id = ?")
                .param(transaction)
                .update())
        .hasMessageContaining("append-only");
    assertThatThrownBy(() ->
            jdbc.sql("DELETE FROM journal_transaction WHERE id = ?").param(transaction).update())
        .hasMessageContaining("append-only");
    assertThat(
            jdbc.sql("SELECT count(*) FROM ledger_entry WHERE transaction_id = ?")
                .param(transaction)
                .query(Long.class)
                .single())
        .isEqualTo(1);
  }

  @Test
  void aWalletBalanceCannotGoNegativeEvenBySql() {
    assertThatThrownBy(
            () -> jdbc.sql("UPDATE account SET balance = -1 WHERE id = ?").param(wallet).update())
        .isInstanceOf(DataIntegrityViolationException.class)
        .hasMessageContaining("account_balance_non_negative");
  }

  @Test
  void zeroEntriesAndUnlinkedReversalsAreRefused() {
    assertThatThrownBy(() ->
            jdbc.sql(
                    "INSERT INTO ledger_entry (transaction_id, account_id, amount, balance_after,"
                        + " created_at) VALUES (?, ?, 0, 100, now())")
                .params(transaction, wallet)
                .update())
        .isInstanceOf(DataIntegrityViolationException.class);
    assertThatThrownBy(() ->
            jdbc.sql(
                    "INSERT INTO journal_transaction (id, type, principal_id, idempotency_key,"
                        + " request_fingerprint, created_at) VALUES (?, 'REVERSAL', 1, 'r', ?, now())")
                .params(UUID.randomUUID(), "0".repeat(64))
                .update())
        .isInstanceOf(DataIntegrityViolationException.class);
  }
}
