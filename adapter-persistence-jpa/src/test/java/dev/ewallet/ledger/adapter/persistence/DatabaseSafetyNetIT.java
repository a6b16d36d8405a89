package dev.ewallet.ledger.adapter.persistence;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ewallet.ledger.adapter.persistence.testing.PostgresTestDatabase;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.dao.DataIntegrityViolationException;
import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * The database enforces the ledger's rules itself, whatever connects to it: the journal is
 * append-only even for the schema's owner (triggers), the service's runtime role may not even try
 * (grants) nor switch the triggers off, and a wallet's balance never goes below zero.
 */
class DatabaseSafetyNetIT extends PersistenceIntegrationTest {

  /** The service's own connections: the runtime role. */
  @Autowired JdbcClient jdbc;

  private final JdbcClient owner = JdbcClient.create(PostgresTestDatabase.owner());

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
            "INSERT INTO ledger_entry (transaction_id, account_id, amount, balance_after, created_at,"
                + " hash, kind) VALUES (?, ?, 100, 100, now(), sha256(gen_random_uuid()::text::bytea), 2)")
        .params(transaction, wallet)
        .update();
  }

  @Test
  void ledgerEntriesCannotBeUpdatedOrDeleted() {
    assertThatThrownBy(() ->
            owner
                .sql("UPDATE ledger_entry SET amount = 1 WHERE transaction_id = ?")
                .param(transaction)
                .update())
        .hasMessageContaining("append-only");
    assertThatThrownBy(() ->
            owner
                .sql("DELETE FROM ledger_entry WHERE transaction_id = ?")
                .param(transaction)
                .update())
        .hasMessageContaining("append-only");
    assertThatThrownBy(() -> owner.sql("TRUNCATE ledger_entry CASCADE").update())
        .hasMessageContaining("append-only");
  }

  @Test
  void journalTransactionsCannotBeUpdatedOrDeleted() {
    assertThatThrownBy(() ->
            owner
                .sql("UPDATE journal_transaction SET type = 'TRANSFER' WHERE id = ?")
                .param(transaction)
                .update())
        .hasMessageContaining("append-only");
    assertThatThrownBy(() ->
            owner.sql("DELETE FROM journal_transaction WHERE id = ?").param(transaction).update())
        .hasMessageContaining("append-only");
    assertThat(entriesOfTheTransaction()).isEqualTo(1);
  }

  @Test
  void theRuntimeRoleCannotChangeTheJournalNorSwitchItsDefencesOff() {
    List<String> forbidden =
        List.of(
            "UPDATE ledger_entry SET amount = 1 WHERE transaction_id = '" + transaction + "'",
            "DELETE FROM ledger_entry WHERE transaction_id = '" + transaction + "'",
            "UPDATE journal_transaction SET type = 'TRANSFER' WHERE id = '" + transaction + "'",
            "DELETE FROM journal_transaction WHERE id = '" + transaction + "'",
            "TRUNCATE ledger_entry CASCADE",
            "TRUNCATE journal_transaction CASCADE",
            "DELETE FROM account WHERE id = " + wallet,
            "UPDATE account SET owner_id = 7 WHERE id = " + wallet,
            "ALTER TABLE ledger_entry DISABLE TRIGGER ALL",
            "ALTER TABLE ledger_entry DISABLE TRIGGER ledger_entry_append_only",
            "DROP TABLE ledger_entry CASCADE",
            "CREATE TABLE shadow (id int)",
            "SET session_replication_role = replica");
    for (String sql : forbidden) {
      assertThatThrownBy(() -> jdbc.sql(sql).update())
          .as(sql)
          .rootCause()
          .hasMessageMatching(
              "(?s).*(permission denied|must be owner|must be superuser"
                  + "|Only roles with the SUPERUSER).*");
    }
    assertThat(entriesOfTheTransaction()).isEqualTo(1);
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
                        + " created_at, hash, kind) VALUES (?, ?, 0, 100, now(), sha256(gen_random_uuid()::text::bytea), 2)")
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

  private long entriesOfTheTransaction() {
    return jdbc.sql("SELECT count(*) FROM ledger_entry WHERE transaction_id = ?")
        .param(transaction)
        .query(Long.class)
        .single();
  }
}
