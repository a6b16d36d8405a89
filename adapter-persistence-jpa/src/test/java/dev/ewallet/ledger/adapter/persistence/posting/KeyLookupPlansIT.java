package dev.ewallet.ledger.adapter.persistence.posting;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ewallet.ledger.adapter.persistence.PersistenceIntegrationTest;
import dev.ewallet.ledger.adapter.persistence.testing.PostgresTestDatabase;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import org.junit.jupiter.api.Test;

/**
 * Posting looks up a batch's idempotency keys and deposit references by their unique indexes, the
 * batch's values given as arrays. A parameter typed unlike its column makes PostgreSQL cast the
 * column instead, and then no index applies: deposit references were once compared as text with a
 * {@code char(3)} currency, so every deposit read the whole reference table, and deposits ran at a
 * twentieth of the transfers' rate (docs/benchmarks/log.md). A small table's plan says nothing
 * (reading it whole is cheapest), so here sequential scans are priced out: each lookup must still
 * find its index.
 */
class KeyLookupPlansIT extends PersistenceIntegrationTest {

  @Test
  void idempotencyKeysAndDepositReferencesAreLookedUpByTheirIndexes() throws SQLException {
    assertThat(plan(JpaJournalRepositoryAdapter.FIND_CLAIMS, new Long[] {7L}, new String[] {"k"}))
        .contains("Scan using journal_transaction_idempotency")
        .doesNotContain("Seq Scan")
        .doesNotContain("Filter:");
    assertThat(
            plan(
                JpaJournalRepositoryAdapter.TAKEN_REFERENCES,
                new String[] {"VND"},
                new String[] {"bank-ref-1"}))
        .contains("Scan using deposit_reference_unique")
        .doesNotContain("Seq Scan")
        .doesNotContain("Filter:");
  }

  private static String plan(String sql, Object[] first, Object[] second) throws SQLException {
    try (Connection connection = PostgresTestDatabase.owner().getConnection()) {
      try (Statement session = connection.createStatement()) {
        session.execute("SET enable_seqscan = off");
      }
      try (PreparedStatement explain = connection.prepareStatement("EXPLAIN " + sql)) {
        explain.setObject(1, first);
        explain.setObject(2, second);
        StringBuilder plan = new StringBuilder();
        try (ResultSet lines = explain.executeQuery()) {
          while (lines.next()) {
            plan.append(lines.getString(1)).append('\n');
          }
        }
        return plan.toString();
      }
    }
  }
}
